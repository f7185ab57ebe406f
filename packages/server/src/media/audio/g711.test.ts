import { describe, expect, it } from 'vitest';
import { decodeG711, stripHisiliconHeader } from './g711.ts';
import { decodeAudioFrame } from './pcm.ts';

const all = Uint8Array.from({ length: 256 }, (_, i) => i);

describe('G.711', () => {
  it('decodes A-law per G.711 (0xD5/0x55 are ±8, 0xAA/0x2A the extremes ±32256)', () => {
    const pcm = decodeG711('alaw', Uint8Array.of(0xd5, 0x55, 0xaa, 0x2a, 0x80, 0x00));
    expect([...pcm]).toEqual([8, -8, 32256, -32256, 5504, -5504]);
  });

  it('decodes µ-law per G.711 (0xFF/0x7F are 0, 0x80/0x00 the extremes ±32124)', () => {
    const pcm = decodeG711('ulaw', Uint8Array.of(0xff, 0x7f, 0x80, 0x00, 0xfe, 0x7e));
    expect([...pcm]).toEqual([0, 0, 32124, -32124, 8, -8]);
  });

  it('is symmetric, with 128 distinct levels per sign half', () => {
    for (const law of ['alaw', 'ulaw'] as const) {
      const pcm = decodeG711(law, all);
      for (let i = 0; i < 128; i++) expect(pcm[i]! + pcm[i + 128]!).toBe(0);
      expect(new Set(pcm.subarray(128)).size).toBe(128);
    }
  });

  it('strips a HiSilicon 00 01 LL 00 header only when LL matches the payload', () => {
    const framed = Uint8Array.of(0, 1, 2, 0, 0xd5, 0xd5, 0x55, 0x55);
    expect([...stripHisiliconHeader(framed)]).toEqual([0xd5, 0xd5, 0x55, 0x55]);
    const raw = Uint8Array.of(0, 1, 3, 0, 0xd5, 0xd5, 0x55, 0x55);
    expect(stripHisiliconHeader(raw)).toBe(raw);
  });

  it('turns 1078 audio frames into 8 kHz PCM frames; other payload types are not decoded', () => {
    expect(decodeAudioFrame(6, new Uint8Array(160).fill(0xd5), 20)).toMatchObject({ timestamp: 20, sampleRate: 8000 });
    expect(decodeAudioFrame(7, new Uint8Array(160), 0)?.samples).toHaveLength(160);
    expect(decodeAudioFrame(8, new Uint8Array(80), 0)).toBeUndefined();
  });
});
