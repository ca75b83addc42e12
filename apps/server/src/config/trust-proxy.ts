import net from 'node:net';
import { z } from 'zod';

/**
 * Which hops in front of the server may set X-Forwarded-For: false (none), a hop count, or the
 * proxies' addresses. "Every hop" is never an option: it lets any client pick its own IP.
 */
export type TrustProxy = false | number | string[];

/** Names proxy-addr understands for whole private ranges. */
const TRUST_PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_ALL_MESSAGE =
  'trusting every hop lets any client choose its own IP (and escape rate limits); set the number of ' +
  'proxies in front of the server (usually 1) or their addresses, like 10.0.0.0/8,127.0.0.1';

function isTrustedProxyAddress(entry: string): boolean {
  if (TRUST_PROXY_RANGE_NAMES.has(entry) || net.isIP(entry) !== 0) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0 || !/^\d{1,3}$/.test(prefix ?? '')) return false;
  const bits = Number(prefix);
  // A /0 is every address again.
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

export const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (['false', 'no', 'off', '0'].includes(lower)) return false;
    if (['true', 'yes', 'on', '*', '0.0.0.0/0', '::/0'].includes(lower)) {
      ctx.addIssue({ code: 'custom', message: TRUST_ALL_MESSAGE });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'a hop count must be between 1 and 10' });
      return hops;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.filter((entry) => !isTrustedProxyAddress(entry));
    if (entries.length === 0 || invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          `must be false, a hop count (1, 2) or a comma-separated list of proxy addresses or CIDRs ` +
          `(10.0.0.0/8,127.0.0.1); not understood: ${invalid.join(', ') || value}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * The form Fastify takes. A hop count becomes a function: Fastify 5.12+ no longer honours a plain
 * number (it cannot check the immediate peer), but a deployment reachable only through its proxies
 * can, so we trust exactly that many hops from the socket.
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return trustProxy;
}

/** proxy-addr's range names, as CIDRs. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether the immediate peer is a proxy TRUST_PROXY names: only then may its headers say something
 * about the request beyond the client IP (an incoming X-Request-Id). A hop count means the server is
 * reachable only through its proxies, so every peer is one.
 */
export function trustedPeer(trustProxy: TrustProxy): (remoteAddress: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => true;
  const list = new net.BlockList();
  for (const entry of trustProxy.flatMap((item) => NAMED_RANGES[item] ?? [item])) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (remoteAddress) => {
    if (!remoteAddress) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remoteAddress)?.[1];
    const address = mapped ?? remoteAddress;
    return list.check(address, net.isIP(address) === 6 ? 'ipv6' : 'ipv4');
  };
}
