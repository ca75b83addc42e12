import net from 'node:net';

/** One IPv6 customer usually gets a whole /64 (often a /56), so a full address is no identity. */
export const DEFAULT_IPV6_PREFIX = 64;

/** The eight 16-bit groups of an IPv6 address, or null when it does not parse. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const dotted = text.slice(lastColon + 1);
  if (dotted.includes('.')) {
    if (net.isIPv4(dotted) === false) return null;
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    tail = [(a << 8) | b, (c << 8) | d];
    text = text.slice(0, lastColon + 1);
    // `::a.b.c.d` keeps its `::`; `x:a.b.c.d` drops the colon that separated the two parts.
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 && known !== 8) return null;
  if (halves.length === 2 && known > 7) return null;
  const groups = [...head, ...new Array<number>(8 - known).fill(0), ...rest, ...tail];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * The subject per-address limits count under: an IPv4 address as it is, an IPv4-mapped IPv6 address
 * (`::ffff:a.b.c.d`, how a dual-stack socket reports IPv4 clients) as its IPv4 address, and any other
 * IPv6 address cut to its first `ipv6Prefix` bits, so a client cannot walk its own /64 for a fresh
 * budget per address. Anything unparsable is returned unchanged (it still counts as one subject).
 */
export function addressKey(ip: string, ipv6Prefix: number = DEFAULT_IPV6_PREFIX): string {
  const address = ip.trim().replace(/^\[|\]$/g, '');
  if (net.isIPv4(address)) return address;
  const withoutZone = address.split('%')[0] ?? address;
  if (!net.isIPv6(withoutZone)) return ip;
  const groups = ipv6Groups(withoutZone.toLowerCase());
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  const bits = Math.min(128, Math.max(0, Math.floor(ipv6Prefix)));
  const masked = groups.map((group, index) => {
    const keep = Math.min(16, Math.max(0, bits - index * 16));
    return keep === 0 ? 0 : group & (0xffff << (16 - keep)) & 0xffff;
  });
  return `${masked.map((group) => group.toString(16)).join(':')}/${bits}`;
}
