// G.711 A-law encoding (ITU-T G.711 table 1a), for the talk microphone: the terminal's talk channel takes 8 kHz
// G.711A. The classic segment search of the ITU reference (G.191 `alaw_compress`): 13-bit magnitude, 8 segments,
// 4 mantissa bits, even bits inverted (XOR 0x55). No dependency: it is 20 lines and tested against the standard's
// end points and a decode round trip of all 256 codes.

const SEGMENT_END = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff];

/** One 16-bit linear sample (−32768…32767) → one A-law byte. */
export function alawEncodeSample(sample: number): number {
  let pcm = sample >> 3;
  let mask: number;
  if (pcm >= 0) {
    mask = 0xd5;
  } else {
    mask = 0x55;
    pcm = -pcm - 1;
  }
  let segment = 0;
  while (segment < 8 && pcm > (SEGMENT_END[segment] ?? 0)) segment++;
  if (segment >= 8) return 0x7f ^ mask;
  const mantissa = segment < 2 ? (pcm >> 1) & 0x0f : (pcm >> segment) & 0x0f;
  return ((segment << 4) | mantissa) ^ mask;
}

/** One A-law byte → its 16-bit linear value (the decoder the terminal runs; used by the tests). */
export function alawDecodeSample(code: number): number {
  const a = code ^ 0x55;
  let t = (a & 0x0f) << 4;
  const segment = (a & 0x70) >> 4;
  if (segment === 0) t += 8;
  else if (segment === 1) t += 0x108;
  else t = (t + 0x108) << (segment - 1);
  return a & 0x80 ? t : -t;
}

/** Float samples in [−1, 1] (Web Audio) → A-law bytes; out-of-range values are clipped. */
export function alawEncode(samples: Float32Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out[i] = alawEncodeSample(s < 0 ? Math.round(s * 32768) : Math.round(s * 32767));
  }
  return out;
}
