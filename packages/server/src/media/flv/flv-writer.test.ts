import { describe, expect, it } from 'vitest';
import { flvHeader, flvTag } from './flv-writer.ts';

describe('FLV writer', () => {
  it('writes the 9-byte header with track flags and PreviousTagSize0', () => {
    expect([...flvHeader({ video: true, audio: false })]).toEqual([0x46, 0x4c, 0x56, 1, 1, 0, 0, 0, 9, 0, 0, 0, 0]);
    expect(flvHeader({ video: true, audio: true })[4]).toBe(5);
  });

  it('writes a tag: type, 24-bit size, timestamp with its extended byte, stream id 0, body, PreviousTagSize', () => {
    const t = flvTag(9, 0x12345678, Uint8Array.of(0xaa, 0xbb));
    expect([...t]).toEqual([9, 0, 0, 2, 0x34, 0x56, 0x78, 0x12, 0, 0, 0, 0xaa, 0xbb, 0, 0, 0, 13]);
  });
});
