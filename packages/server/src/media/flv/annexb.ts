/**
 * H.264 / H.265 Annex B byte streams (ITU-T H.264 Annex B, H.265 Annex B): NAL units separated by 00 00 01 or
 * 00 00 00 01 start codes, which is what JT/T 1078 terminals put in their video payloads.
 */

/**
 * The NAL units of one access unit, as views into `data` (no copy), start codes and trailing zero bytes removed.
 * Bytes before the first start code are ignored: a terminal that sends none has no frame we can place.
 */
export function splitAnnexB(data: Uint8Array): Uint8Array[] {
  const nals: Uint8Array[] = [];
  const n = data.length;
  let start = -1;
  let i = 0;
  while (i + 2 < n) {
    // Fast skip: a start code needs a zero at i+2 (00 00 01) — step by 3 over bytes that cannot be part of one.
    if (data[i + 2]! > 1) {
      i += 3;
      continue;
    }
    if (data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 1) {
      if (start >= 0) pushNal(nals, data, start, i);
      start = i + 3;
      i += 3;
      continue;
    }
    i++;
  }
  if (start >= 0) pushNal(nals, data, start, n);
  return nals;
}

function pushNal(nals: Uint8Array[], data: Uint8Array, from: number, to: number): void {
  // The zero before 00 00 01 of a 4-byte start code, and trailing_zero_8bits, belong to no NAL unit.
  let end = to;
  while (end > from && data[end - 1] === 0) end--;
  if (end > from) nals.push(data.subarray(from, end));
}

/** RBSP of a NAL unit: emulation_prevention_three_byte (00 00 03 → 00 00) removed (H.264 §7.4.1, H.265 §7.4.2). */
export function unescapeRbsp(nal: Uint8Array): Uint8Array {
  const out = new Uint8Array(nal.length);
  let o = 0;
  let zeros = 0;
  for (let i = 0; i < nal.length; i++) {
    const b = nal[i]!;
    if (zeros >= 2 && b === 3) {
      zeros = 0;
      continue;
    }
    zeros = b === 0 ? zeros + 1 : 0;
    out[o++] = b;
  }
  return out.subarray(0, o);
}

/** Concatenates NAL units in the 4-byte length-prefixed form FLV/ISO BMFF use (lengthSizeMinusOne = 3). */
export function toLengthPrefixed(nals: readonly Uint8Array[], into: Uint8Array, at: number): number {
  let p = at;
  for (const nal of nals) {
    const len = nal.length;
    into[p] = len >>> 24;
    into[p + 1] = (len >>> 16) & 0xff;
    into[p + 2] = (len >>> 8) & 0xff;
    into[p + 3] = len & 0xff;
    into.set(nal, p + 4);
    p += 4 + len;
  }
  return p;
}

export function lengthPrefixedSize(nals: readonly Uint8Array[]): number {
  let n = 0;
  for (const nal of nals) n += 4 + nal.length;
  return n;
}
