import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';

describe('the address a login attempt is counted against', () => {
  it('counts IPv4 per address, IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 per /64 whatever the spelling, so one machine cannot mint fresh budgets', () => {
    const key = '2001:db8:0:1::/64';
    expect(addressKey('2001:db8:0:1::1')).toBe(key);
    expect(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:DB8:0:1:a:b:c:d%eth0')).toBe(key);
    expect(addressKey('2001:db8:0:2::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('puts anything that is not an address in one shared bucket', () => {
    expect(addressKey('not-an-address')).toBe('unparsed');
    expect(addressKey('x'.repeat(10_000))).toBe('unparsed');
    expect(addressKey(undefined)).toBe('unparsed');
  });
});
