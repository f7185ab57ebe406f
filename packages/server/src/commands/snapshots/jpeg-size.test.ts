import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jpegSize } from './jpeg-size.ts';

describe('JPEG size', () => {
  it('reads width and height from the frame header after the other segments', () => {
    const picture = new Uint8Array(readFileSync(new URL('./testing/camera-64x48.jpg', import.meta.url)));
    expect(jpegSize(picture)).toEqual({ width: 64, height: 48 });
  });

  it('skips fill bytes and standalone markers, and stops at a scan with no frame header', () => {
    const sof = [0xff, 0xc2, 0x00, 0x0b, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x01, 0x01, 0x11, 0x00];
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xff, 0xd0, ...sof]))).toEqual({ width: 640, height: 480 });
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 2, 3, 4, 5, 6]))).toBeUndefined();
  });

  it('gives undefined for bytes that are not JPEG or end early', () => {
    expect(jpegSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00]))).toBeUndefined();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x40]))).toBeUndefined();
  });
});
