import net from 'node:net';

/**
 * Addresses a fetched picture may never come from: this machine, private networks, link-local (the
 * cloud metadata service at 169.254.169.254), and other non-public ranges. Checked for every address
 * a name resolves to and for every redirect hop (decisions 021, 042).
 */
const BLOCKED_V4 = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED_V4.addSubnet(network, prefix, 'ipv4');
}

// Kept apart from the IPv4 list: a BlockList checks an IPv4 address against its IPv6 rules too (as
// ::ffff:a.b.c.d), so one list holding ::ffff:0:0/96 would refuse every IPv4 address.
const BLOCKED_V6 = new net.BlockList();
for (const [network, prefix] of [
  // IPv4-compatible (::a.b.c.d, ::7f00:1), which also covers :: and ::1: a deprecated form whose only
  // use now is hiding an IPv4 address; likewise IPv4-mapped and IPv4-translated (SIIT).
  ['::', 96],
  ['::ffff:0:0', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b:1::', 48], // local-use NAT64: translated by a gateway inside the network
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: an IPv4 server and client hide in it
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: bits 16-47 are an IPv4 address, any of them (retired, RFC 7526)
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing identifiers
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED_V6.addSubnet(network, prefix, 'ipv6');
}

/** The well-known NAT64 prefix: DNS64 on an IPv6-only network answers 64:ff9b::a.b.c.d for IPv4 hosts. */
const NAT64 = new net.BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');

/** The 16 bytes of an IPv6 address (net.isIP said it is one), zone id dropped. */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0] as string;
  const bytes: number[] = [];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  let tail: number[] = [];
  if (dotted?.[1]) {
    tail = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all = [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  for (const group of all) bytes.push(group >> 8, group & 0xff);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** True for an address we must not connect to (and for anything that is not an IP address). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const version = net.isIP(bare);
  if (version === 4) return BLOCKED_V4.check(bare, 'ipv4');
  if (version !== 6) return true;
  const plain = bare.split('%')[0] as string;
  if (BLOCKED_V6.check(plain, 'ipv6')) return true;
  // NAT64 reaches the IPv4 address in its last 32 bits: that address decides.
  if (NAT64.check(plain, 'ipv6')) return BLOCKED_V4.check(ipv6Bytes(plain).slice(12).join('.'), 'ipv4');
  return false;
}
