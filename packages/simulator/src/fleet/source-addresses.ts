/** Loopback ephemeral ports (32768–60999) allow ~28k connections per source address; stay well under. */
const PER_ADDRESS = 25_000;

/**
 * The source addresses to bind: the ones given, or, for a loopback target with more connections than one address
 * can hold, 127.0.0.2, 127.0.0.3, … (the whole 127/8 is loopback on Linux, no setup needed).
 */
export function sourceAddresses(given: string | undefined, host: string, connections: number): string[] | undefined {
  if (given)
    return given
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
  if (!host.startsWith('127.') || connections <= PER_ADDRESS) return undefined;
  const count = Math.ceil(connections / PER_ADDRESS);
  return Array.from({ length: count }, (_, i) => `127.0.0.${i + 2}`);
}
