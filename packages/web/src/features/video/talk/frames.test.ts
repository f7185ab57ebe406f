import { describe, expect, it } from 'vitest';
import { FrameCutter } from './frames';

describe('FrameCutter', () => {
  it('cuts 320-byte frames across pushes and keeps the remainder', () => {
    const cutter = new FrameCutter();
    expect(cutter.push(new Uint8Array(200))).toEqual([]);
    const frames = cutter.push(Uint8Array.from({ length: 500 }, (_, i) => i % 256));
    expect(frames).toHaveLength(2);
    expect(frames.every((f) => f.length === 320)).toBe(true);
    expect(frames[0]?.[200]).toBe(0);
    expect(frames[1]?.[0]).toBe(120);
    expect(cutter.push(new Uint8Array(259))).toHaveLength(0);
    expect(cutter.push(new Uint8Array(1))).toHaveLength(1);
  });
});
