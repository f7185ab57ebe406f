import { isIPv4, isIPv6 } from 'node:net';

/**
 * The bucket a client address is counted in by the login limit. IPv4 counts per address. IPv6 counts per /64:
 * one subscriber is usually handed a whole /64, so per-address counting would give a single machine 2^64 fresh
 * budgets. Anything that is not an address (a forged X-Forwarded-For behind `trustProxy`) shares one bucket,
 * so made-up strings never become keys of their own.
 */
export function addressKey(ip: string | undefined): string {
  const bare = (ip ?? '').split('%')[0] ?? '';
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return 'unparsed';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address as lowercase hex without leading zeros ("::" and a dotted tail expanded). */
function expandIPv6(address: string): string[] {
  const groupsOf = (part: string): string[] => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [group];
      const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  };
  const [head = '', tail] = address.split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
