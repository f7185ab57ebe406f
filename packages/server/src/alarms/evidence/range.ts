import type { ReadRange } from './store.ts';

/**
 * One `Range: bytes=…` of RFC 9110 §14 against a file of `size` bytes: the inclusive range to send, 'invalid'
 * when it cannot be satisfied (416), or undefined to send the whole file (no header, a form we do not serve such
 * as several ranges, or another unit — ignoring it is what the RFC allows).
 */
export function parseRange(header: string | undefined, size: number): ReadRange | 'invalid' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return undefined;
  const [, first, last] = m as unknown as [string, string, string];
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // Suffix: the last N bytes.
    const n = Number(last);
    if (n === 0 || size === 0) return 'invalid';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'invalid';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return undefined;
  return { start, end };
}
