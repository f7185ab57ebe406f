import { describe, expect, it } from 'vitest';
import { bitNames, fullMask, hasBit, masksOf, wordOf } from './bits.ts';
import { WARNING_BITS, WarningMask } from './warning-bits.ts';

const label = { en: 'x', zh: 'x', th: 'x' };
const TABLE = { low: { bit: 0, label }, mid: { bit: 13, label }, top: { bit: 31, label } } as const;

describe('bit table helpers', () => {
  it('derives unsigned masks, bit 31 included', () => {
    expect(masksOf(TABLE)).toEqual({ low: 1, mid: 0x2000, top: 0x80000000 });
    expect(WarningMask.illegalDoorOpen).toBe(0x80000000);
    expect(fullMask(TABLE)).toBe(0x80002001);
  });

  it('reads and builds words by name, in bit order, ignoring unnamed bits', () => {
    expect(bitNames(0x80002001 | 0b10, TABLE)).toEqual(['low', 'mid', 'top']);
    expect(wordOf(TABLE, ['top', 'low'])).toBe(0x80000001);
    expect(hasBit(0x80000000, TABLE.top)).toBe(true);
    expect(hasBit(0x7fffffff, TABLE.top)).toBe(false);
    expect(bitNames(0, WARNING_BITS)).toEqual([]);
  });
});
