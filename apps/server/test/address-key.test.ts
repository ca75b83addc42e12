import { describe, expect, it } from 'vitest';
import { addressKey } from '../src/rate-limit/address-key';

describe('addressKey', () => {
  it('keeps IPv4 and unwraps IPv4-mapped IPv6, so one client counts once on a dual-stack socket', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('cuts IPv6 to its /64 by default and to the configured prefix otherwise', () => {
    const a = addressKey('2001:db8:1:2:3:4:5:6');
    expect(addressKey('2001:db8:1:2::9')).toBe(a);
    expect(addressKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe(a);
    expect(addressKey('2001:db8:1:3::9')).not.toBe(a);
    expect(addressKey('2001:db8:1:2ff::1', 56)).toBe(addressKey('2001:db8:1:200::1', 56));
    expect(addressKey('2001:db8:1:3ff::1', 56)).not.toBe(addressKey('2001:db8:1:200::1', 56));
    expect(addressKey('2001:db8::1', 128)).not.toBe(addressKey('2001:db8::2', 128));
    expect(addressKey('fe80::1%eth0')).toBe(addressKey('fe80::2'));
    expect(addressKey('[2001:db8:1:2::1]')).toBe(a);
  });

  it('leaves what is not an address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
