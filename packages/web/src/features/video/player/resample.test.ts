import { describe, expect, it } from 'vitest';
import { pcm16ToFloat, Resampler } from './resample';

function sine(rate: number, hz: number, seconds: number): Float32Array {
  return Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate));
}

/** Amplitude of `hz` in the signal (one DFT bin). */
function magnitude(signal: Float32Array, rate: number, hz: number): number {
  let re = 0;
  let im = 0;
  signal.forEach((s, i) => {
    re += s * Math.cos((2 * Math.PI * hz * i) / rate);
    im -= s * Math.sin((2 * Math.PI * hz * i) / rate);
  });
  return (2 * Math.hypot(re, im)) / signal.length;
}

describe('Resampler', () => {
  it('48 kHz → 8 kHz gives one sixth of the samples, in any chunking', () => {
    const input = sine(48_000, 440, 1);
    const whole = new Resampler(48_000, 8_000).push(input);
    expect(whole.length).toBe(8_000);
    const chunked = new Resampler(48_000, 8_000);
    const parts: number[] = [];
    for (let i = 0; i < input.length; i += 1_000) parts.push(...chunked.push(input.subarray(i, i + 1_000)));
    expect(parts.length).toBe(8_000);
    parts.forEach((v, i) => {
      expect(v).toBeCloseTo(whole[i] ?? 0, 6);
    });
  });

  it('keeps a voice tone and keeps an inaudible one from folding back loudly', () => {
    const out = new Resampler(48_000, 8_000).push(sine(48_000, 440, 1));
    expect(magnitude(out, 8_000, 440)).toBeGreaterThan(0.9);
    // 7 kHz would alias to 1 kHz at 8 kHz: the box filter attenuates it.
    const aliased = new Resampler(48_000, 8_000).push(sine(48_000, 7_000, 1));
    expect(magnitude(aliased, 8_000, 1_000)).toBeLessThan(0.25);
  });

  it('44.1 kHz (not an integer ratio) → 8 kHz', () => {
    const out = new Resampler(44_100, 8_000).push(sine(44_100, 300, 1));
    expect(Math.abs(out.length - 8_000)).toBeLessThanOrEqual(1);
    expect(magnitude(out, 8_000, 300)).toBeGreaterThan(0.9);
  });

  it('8 kHz → 48 kHz interpolates across chunk seams', () => {
    const input = sine(8_000, 200, 0.5);
    const r = new Resampler(8_000, 48_000);
    const out: number[] = [];
    for (let i = 0; i < input.length; i += 160) out.push(...r.push(input.subarray(i, i + 160)));
    expect(Math.abs(out.length - 24_000)).toBeLessThanOrEqual(6);
    const expected = sine(48_000, 200, 0.5);
    // Linear interpolation of a 200 Hz tone at 8 kHz is within 1 % (the output lags by under one input sample).
    for (let i = 6; i < out.length - 6; i += 97)
      expect(Math.abs((out[i] ?? 0) - (expected[i] ?? 0))).toBeLessThan(0.03);
  });

  it('rejects a zero rate', () => {
    expect(() => new Resampler(0, 8_000)).toThrow(RangeError);
  });
});

describe('pcm16ToFloat', () => {
  it('reads little-endian 16-bit samples', () => {
    const bytes = new Uint8Array([0x00, 0x80, 0xff, 0x7f, 0x00, 0x00, 0x01]).buffer;
    const out = pcm16ToFloat(bytes);
    expect(out.length).toBe(3);
    expect(out[0]).toBe(-1);
    expect(out[1]).toBeCloseTo(32767 / 32768, 6);
    expect(out[2]).toBe(0);
  });
});
