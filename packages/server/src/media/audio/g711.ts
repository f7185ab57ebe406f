/**
 * G.711 A-law and µ-law (ITU-T G.711) to 16-bit linear PCM, by 256-entry tables. Browsers' MSE cannot play G.711
 * inside FLV, so the server decodes it and the browser plays PCM (AudioWorklet). 8 kHz mono, 1 byte → 1 sample.
 */

function alawToLinear(code: number): number {
  const a = code ^ 0x55; // even bits are inverted on the line (G.711 §2)
  const segment = (a & 0x70) >> 4;
  let t = (a & 0x0f) << 4;
  if (segment === 0) t += 8;
  else t = (t + 0x108) << (segment - 1);
  return a & 0x80 ? t : -t;
}

function ulawToLinear(code: number): number {
  const u = ~code & 0xff; // µ-law bits are all inverted on the line
  const t = (((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4);
  return u & 0x80 ? 0x84 - t : t - 0x84;
}

const ALAW = Int16Array.from({ length: 256 }, (_, i) => alawToLinear(i));
const ULAW = Int16Array.from({ length: 256 }, (_, i) => ulawToLinear(i));

export type G711Law = 'alaw' | 'ulaw';

export function decodeG711(law: G711Law, data: Uint8Array): Int16Array {
  const table = law === 'alaw' ? ALAW : ULAW;
  const out = new Int16Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = table[data[i]!]!;
  return out;
}

/**
 * Many terminals (HiSilicon SoCs) prefix each audio frame with a 4-byte header 00 01 LL 00, LL being the payload
 * length in 16-bit words. Returns the payload without it, or the frame as is when it has none.
 */
export function stripHisiliconHeader(data: Uint8Array): Uint8Array {
  if (data.length > 4 && data[0] === 0 && data[1] === 1 && data[3] === 0 && data[2]! * 2 === data.length - 4) {
    return data.subarray(4);
  }
  return data;
}
