import { describe, expect, it } from 'vitest';
import { isBlockedAddress } from '../src/modules/uploads/address-check';
import { DEFAULT_IMAGE_FETCH, fetchImage, ImageFetchError } from '../src/modules/uploads/image-fetcher';

// The picture-URL filter (decisions 021, 042): every inside address, however it is written.

const INSIDE_V4 = [
  '127.0.0.1',
  '127.255.0.9',
  '10.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '0.0.0.0',
  '100.64.0.1',
  '192.0.0.8',
  '198.18.0.1',
  '224.0.0.1',
  '255.255.255.255',
];

const INSIDE_V6 = [
  '::1',
  '::',
  '[::1]',
  // IPv4-mapped, every spelling
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '0:0:0:0:0:ffff:7f00:1',
  '::ffff:8.8.8.8',
  // IPv4-translated (SIIT)
  '::ffff:0:7f00:1',
  // IPv4-compatible: ::127.0.0.1 written as hex and as a dotted quad
  '::7f00:1',
  '::127.0.0.1',
  '::a9fe:a9fe',
  '0:0:0:0:0:0:a00:1',
  // NAT64 (well-known prefix) to an inside IPv4 address, both spellings
  '64:ff9b::7f00:1',
  '64:ff9b::127.0.0.1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b::169.254.169.254',
  '64:ff9b::10.0.0.1',
  '64:ff9b::c0a8:101',
  // local-use NAT64: a gateway inside the network translates it, any address
  '64:ff9b:1::7f00:1',
  '64:ff9b:1::808:808',
  '64:ff9b:1:ffff::1',
  // 6to4 (2002:AABB:CCDD::) of loopback, of the metadata service, of anything
  '2002:7f00:1::1',
  '2002:a9fe:a9fe::',
  '2002:808:808::1',
  // Teredo
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  // site-local, discard-only, documentation, benchmarking, ORCHID
  'fec0::1',
  'feff:ffff::1',
  '100::1',
  '100::ffff:ffff:ffff:ffff',
  '2001:db8::1',
  '3fff::1',
  '2001:2::1',
  '2001:10::1',
  '5f00::1',
  // unique local, link-local (with a zone), multicast
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fe80::1%eth0',
  'ff02::1',
];

const PUBLIC = [
  '93.184.216.34',
  '172.32.0.1',
  '8.8.8.8',
  '1.1.1.1',
  '2606:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  // NAT64 of a public IPv4 address: an IPv6-only server behind DNS64 must still reach it
  '64:ff9b::808:808',
  '64:ff9b::93.184.216.34',
  // next to the blocked ranges, outside them
  '100:0:0:1::1',
  '2001:200::1',
  '2003::1',
];

describe('picture URL address filter', () => {
  it.each(INSIDE_V4)('blocks IPv4 %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(INSIDE_V6)('blocks IPv6 %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(PUBLIC)('lets the public %s through', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it.each(['not an address', '', 'localhost', '127.1', '0x7f000001', '2130706433', ':::1'])(
    'refuses %j, which is not an IP address',
    (address) => {
      expect(isBlockedAddress(address)).toBe(true);
    },
  );

  it('the fetcher refuses the embedded forms before connecting, as literals and as DNS answers', async () => {
    for (const host of ['[::7f00:1]', '[64:ff9b::a9fe:a9fe]', '[2002:7f00:1::1]', '[fec0::1]', '[100::1]']) {
      const error = await fetchImage(`https://${host}/cat.png`, DEFAULT_IMAGE_FETCH).catch((e: unknown) => e);
      expect(error, host).toBeInstanceOf(ImageFetchError);
      expect((error as ImageFetchError).reason, host).toBe('blocked-address');
    }
    // A name whose AAAA record hides 169.254.169.254 (what a hostile DNS server would answer).
    const error = await fetchImage('https://pictures.example/cat.png', {
      ...DEFAULT_IMAGE_FETCH,
      resolve: async () => [{ address: '64:ff9b::169.254.169.254', family: 6 }],
    }).catch((e: unknown) => e);
    expect((error as ImageFetchError).reason).toBe('blocked-address');
  });
});
