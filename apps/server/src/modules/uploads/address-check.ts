import net from 'node:net';

/**
 * Addresses a fetched picture may never come from: this machine, private networks, link-local (the
 * cloud metadata service at 169.254.169.254), and other non-public ranges. Checked for every address
 * a name resolves to and for every redirect hop (decision 021).
 */
const BLOCKED = new net.BlockList();
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
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
// IPv4-mapped IPv6 (::ffff:a.b.c.d) is refused in isBlockedAddress: BlockList would apply a ::ffff:0:0/96
// rule to every IPv4 address too.
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** True for an address we must not connect to (and for anything that is not an IP address). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const version = net.isIP(bare);
  if (version === 4) return BLOCKED.check(bare, 'ipv4');
  if (version === 6) {
    // A public AAAA record is never IPv4-mapped; the mapped form only hides an IPv4 address.
    if (/^::ffff:/i.test(bare) || /^0{0,4}:0{0,4}:0{0,4}:0{0,4}:0{0,4}:ffff:/i.test(bare)) return true;
    return BLOCKED.check(bare, 'ipv6');
  }
  return true;
}
