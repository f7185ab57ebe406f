/** H.264 pieces the FLV muxer needs: NAL unit types and the AVCDecoderConfigurationRecord (ISO/IEC 14496-15 §5.3.3). */

export const H264Nal = { slice: 1, idr: 5, sei: 6, sps: 7, pps: 8, aud: 9, endOfSequence: 10, filler: 12 } as const;

export function h264NalType(nal: Uint8Array): number {
  return nal[0]! & 0x1f;
}

/**
 * AVCDecoderConfigurationRecord for the given SPS and PPS (NAL units without start codes). Profile, compatibility
 * and level are bytes 1–3 of the first SPS. lengthSizeMinusOne is 3: every NALU tag uses 4-byte lengths.
 * The high-profile chroma/bit-depth extension is left out: MSE and ffmpeg take the SPS's own values.
 */
export function avcDecoderConfigurationRecord(sps: readonly Uint8Array[], pps: readonly Uint8Array[]): Uint8Array {
  const first = sps[0];
  if (!first || first.length < 4 || pps.length === 0) throw new RangeError('AVC record needs an SPS and a PPS');
  let size = 7;
  for (const s of sps) size += 2 + s.length;
  for (const p of pps) size += 2 + p.length;
  const out = new Uint8Array(size);
  out[0] = 1; // configurationVersion
  out[1] = first[1]!; // AVCProfileIndication
  out[2] = first[2]!; // profile_compatibility
  out[3] = first[3]!; // AVCLevelIndication
  out[4] = 0xfc | 3; // reserved 111111 + lengthSizeMinusOne
  out[5] = 0xe0 | sps.length; // reserved 111 + numOfSequenceParameterSets
  let p = 6;
  for (const s of sps) p = putWithLength(out, p, s);
  out[p++] = pps.length;
  for (const q of pps) p = putWithLength(out, p, q);
  return out;
}

export function putWithLength(out: Uint8Array, at: number, nal: Uint8Array): number {
  out[at] = nal.length >>> 8;
  out[at + 1] = nal.length & 0xff;
  out.set(nal, at + 2);
  return at + 2 + nal.length;
}
