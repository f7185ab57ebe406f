import { describe, expect, it } from 'vitest';
import { lengthPrefixedSize, splitAnnexB, toLengthPrefixed, unescapeRbsp } from './annexb.ts';

describe('Annex B', () => {
  it('splits on 3- and 4-byte start codes and drops trailing zeros', () => {
    const au = Uint8Array.of(0, 0, 0, 1, 0x67, 1, 2, 0, 0, 1, 0x68, 3, 0, 0, 0, 0, 1, 0x65, 4, 5, 6, 0, 0);
    expect(splitAnnexB(au).map((n) => [...n])).toEqual([
      [0x67, 1, 2],
      [0x68, 3],
      [0x65, 4, 5, 6],
    ]);
  });

  it('ignores bytes before the first start code and returns nothing without one', () => {
    expect(splitAnnexB(Uint8Array.of(9, 9, 0, 0, 1, 0x41, 7)).map((n) => [...n])).toEqual([[0x41, 7]]);
    expect(splitAnnexB(Uint8Array.of(0x41, 7, 8, 9))).toEqual([]);
  });

  it('finds start codes at every alignment (the 3-byte skip does not jump over one)', () => {
    for (let pad = 0; pad < 6; pad++) {
      const au = new Uint8Array([0, 0, 1, 0x09, ...new Array(pad).fill(7), 0, 0, 1, 0x41, 2]);
      expect(splitAnnexB(au).map((n) => n[0])).toEqual([0x09, 0x41]);
    }
  });

  it('removes emulation prevention bytes', () => {
    expect([...unescapeRbsp(Uint8Array.of(1, 0, 0, 3, 0, 0, 3, 1, 0, 3))]).toEqual([1, 0, 0, 0, 0, 1, 0, 3]);
  });

  it('writes 4-byte big-endian lengths', () => {
    const nals = [Uint8Array.of(0x65, 1), Uint8Array.of(0x06)];
    const out = new Uint8Array(lengthPrefixedSize(nals));
    expect(toLengthPrefixed(nals, out, 0)).toBe(out.length);
    expect([...out]).toEqual([0, 0, 0, 2, 0x65, 1, 0, 0, 0, 1, 0x06]);
  });
});
