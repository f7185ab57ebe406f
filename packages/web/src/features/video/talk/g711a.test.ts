import { describe, expect, it } from 'vitest';
import { alawDecodeSample, alawEncode, alawEncodeSample } from './g711a';

describe('G.711 A-law', () => {
  it('encodes the standard end points (ITU-T G.711 table 1a)', () => {
    expect(alawEncodeSample(0)).toBe(0xd5);
    expect(alawEncodeSample(-1)).toBe(0x55);
    expect(alawEncodeSample(32767)).toBe(0xaa);
    expect(alawEncodeSample(-32768)).toBe(0x2a);
  });

  it('decodes the standard end points', () => {
    expect(alawDecodeSample(0xd5)).toBe(8);
    expect(alawDecodeSample(0x55)).toBe(-8);
    expect(alawDecodeSample(0xaa)).toBe(32256);
    expect(alawDecodeSample(0x2a)).toBe(-32256);
  });

  it('every code round-trips through its decoded value', () => {
    for (let code = 0; code < 256; code++) expect(alawEncodeSample(alawDecodeSample(code))).toBe(code);
  });

  it('is monotonic and within a segment step of the input', () => {
    let previous = -Infinity;
    for (let x = -32768; x <= 32767; x += 7) {
      const decoded = alawDecodeSample(alawEncodeSample(x));
      expect(decoded).toBeGreaterThanOrEqual(previous);
      previous = decoded;
      // The largest segment quantises in steps of 1024: the error is at most half of that, plus the ±8 offset.
      expect(Math.abs(decoded - x)).toBeLessThanOrEqual(Math.max(16, Math.abs(x) / 32 + 16));
    }
  });

  it('encodes float frames with clipping', () => {
    const bytes = alawEncode(new Float32Array([0, 1, -1, 2, -2]));
    expect([...bytes]).toEqual([0xd5, 0xaa, 0x2a, 0xaa, 0x2a]);
  });
});
