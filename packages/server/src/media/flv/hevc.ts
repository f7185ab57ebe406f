/**
 * H.265 pieces the FLV muxer needs: NAL unit types (H.265 table 7-1) and the HEVCDecoderConfigurationRecord
 * (ISO/IEC 14496-15 §8.3.3.1), whose profile/tier/level, chroma format and bit depths come from the SPS.
 */

import { unescapeRbsp } from './annexb.ts';
import { putWithLength } from './avc.ts';
import { BitReader } from './bit-reader.ts';

export const HevcNal = { blaWLp: 16, idrWRadl: 19, idrNLp: 20, cra: 21, vps: 32, sps: 33, pps: 34, aud: 35 } as const;

export function hevcNalType(nal: Uint8Array): number {
  return (nal[0]! >>> 1) & 0x3f;
}

/** IRAP pictures (BLA, IDR, CRA: types 16–21): a decoder can start there. */
export function isHevcIrap(type: number): boolean {
  return type >= HevcNal.blaWLp && type <= HevcNal.cra;
}

export interface HevcSpsInfo {
  /** The 12 bytes general_profile_space … general_level_idc, copied as they stand in the RBSP. */
  generalProfileTierLevel: Uint8Array;
  maxSubLayers: number;
  temporalIdNesting: boolean;
  chromaFormatIdc: number;
  width: number;
  height: number;
  bitDepthLumaMinus8: number;
  bitDepthChromaMinus8: number;
}

/** Reads what the configuration record needs from an SPS NAL unit (with its 2-byte header). H.265 §7.3.2.2. */
export function parseHevcSps(nal: Uint8Array): HevcSpsInfo {
  const rbsp = unescapeRbsp(nal).subarray(2);
  const r = new BitReader(rbsp);
  r.skip(4); // sps_video_parameter_set_id
  const maxSubLayersMinus1 = r.bits(3);
  const temporalIdNesting = r.bits(1) === 1;
  // profile_tier_level(1, maxSubLayersMinus1), §7.3.3: the general part is byte-aligned here (bit 8 of the RBSP).
  const generalProfileTierLevel = rbsp.slice(1, 13);
  if (generalProfileTierLevel.length < 12) throw new RangeError('SPS too short for profile_tier_level');
  r.skip(96);
  const subProfile: boolean[] = [];
  const subLevel: boolean[] = [];
  for (let i = 0; i < maxSubLayersMinus1; i++) {
    subProfile.push(r.bits(1) === 1);
    subLevel.push(r.bits(1) === 1);
  }
  if (maxSubLayersMinus1 > 0) r.skip(2 * (8 - maxSubLayersMinus1)); // reserved_zero_2bits
  for (let i = 0; i < maxSubLayersMinus1; i++) {
    if (subProfile[i]) r.skip(88);
    if (subLevel[i]) r.skip(8);
  }
  r.ue(); // sps_seq_parameter_set_id
  const chromaFormatIdc = r.ue();
  if (chromaFormatIdc === 3) r.skip(1); // separate_colour_plane_flag
  const width = r.ue();
  const height = r.ue();
  if (r.bits(1) === 1) {
    // conformance_window offsets
    r.ue();
    r.ue();
    r.ue();
    r.ue();
  }
  const bitDepthLumaMinus8 = r.ue();
  const bitDepthChromaMinus8 = r.ue();
  return {
    generalProfileTierLevel,
    maxSubLayers: maxSubLayersMinus1 + 1,
    temporalIdNesting,
    chromaFormatIdc,
    width,
    height,
    bitDepthLumaMinus8,
    bitDepthChromaMinus8,
  };
}

/**
 * HEVCDecoderConfigurationRecord with one array each for VPS, SPS and PPS, array_completeness 1 (the muxer keeps
 * parameter sets out of the NALU tags). min_spatial_segmentation_idc and parallelismType are 0 ("unknown"), as
 * ffmpeg writes them when the VUI has no bitstream restriction; avgFrameRate 0 (unspecified).
 */
export function hevcDecoderConfigurationRecord(
  vps: readonly Uint8Array[],
  sps: readonly Uint8Array[],
  pps: readonly Uint8Array[],
): Uint8Array {
  const first = sps[0];
  if (!first || vps.length === 0 || pps.length === 0) throw new RangeError('HEVC record needs a VPS, SPS and PPS');
  const info = parseHevcSps(first);
  const arrays: [number, readonly Uint8Array[]][] = [
    [HevcNal.vps, vps],
    [HevcNal.sps, sps],
    [HevcNal.pps, pps],
  ];
  let size = 23;
  for (const [, nals] of arrays) {
    size += 3;
    for (const n of nals) size += 2 + n.length;
  }
  const out = new Uint8Array(size);
  out[0] = 1; // configurationVersion
  out.set(info.generalProfileTierLevel, 1); // profile space/tier/idc, compatibility, constraints, level: bytes 1–12
  out[13] = 0xf0; // reserved 1111 + min_spatial_segmentation_idc (12 bits) = 0
  out[14] = 0x00;
  out[15] = 0xfc; // reserved 111111 + parallelismType 0
  out[16] = 0xfc | (info.chromaFormatIdc & 3);
  out[17] = 0xf8 | (info.bitDepthLumaMinus8 & 7);
  out[18] = 0xf8 | (info.bitDepthChromaMinus8 & 7);
  out[19] = 0; // avgFrameRate
  out[20] = 0;
  // constantFrameRate 0 (2 bits), numTemporalLayers (3), temporalIdNested (1), lengthSizeMinusOne 3 (2)
  out[21] = ((info.maxSubLayers & 7) << 3) | (info.temporalIdNesting ? 0x04 : 0) | 3;
  out[22] = arrays.length;
  let p = 23;
  for (const [type, nals] of arrays) {
    out[p++] = 0x80 | type; // array_completeness 1, reserved 0, NAL_unit_type
    out[p++] = nals.length >>> 8;
    out[p++] = nals.length & 0xff;
    for (const n of nals) p = putWithLength(out, p, n);
  }
  return out;
}
