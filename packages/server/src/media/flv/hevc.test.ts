/**
 * The HEVC record checked against an independent writer: the parameter sets below are from libx265 (ffmpeg
 * testsrc, 320×240, 4:4:4 and 4:2:0), and `ffmpeg` is the hvcC box ffmpeg 5.1 wrote for them in MP4
 * (ff_isom_write_hvcc). ffmpeg sets array_completeness 0 in MP4; we set 1 (parameter sets are kept out of the
 * NALU tags), so those three bits are masked in the comparison.
 */
import { describe, expect, it } from 'vitest';
import { hevcDecoderConfigurationRecord, parseHevcSps } from './hevc.ts';

const hex = (s: string) => Uint8Array.from(s.match(/../g)!.map((b) => Number.parseInt(b, 16)));

const FIXTURES = [
  {
    name: 'Main 4:4:4 (RExt), 320×240',
    vps: '40010c01ffff0408000003009e0800000300003c959809',
    sps: '4201010408000003009e0800000300003c90014101e2cb2b349265780b7020200040000003004000000642',
    pps: '4401c172860c4624',
    ffmpeg:
      '0104080000009e08000000003cf000fcfff8f800000f03200001001740010c01ffff0408000003009e0800000300003c959809' +
      '210001002b4201010408000003009e0800000300003c90014101e2cb2b349265780b702020004000000300400000064222' +
      '000100084401c172860c4624',
    chroma: 3,
  },
  {
    name: 'Main 4:2:0, 320×240',
    vps: '40010c01ffff01600000030090000003000003003c959809',
    sps: '42010101600000030090000003000003003ca00a080f165959a4932bc05a020000030002000003003210',
    pps: '4401c172b46240',
    ffmpeg:
      '0101600000009000000000003cf000fcfdf8f800000f03200001001840010c01ffff01600000030090000003000003003c' +
      '959809210001002a42010101600000030090000003000003003ca00a080f165959a4932bc05a02000003000200000300' +
      '3210' +
      '22000100074401c172b46240',
    chroma: 1,
  },
];

describe('HEVCDecoderConfigurationRecord (ISO/IEC 14496-15 §8.3.3.1)', () => {
  for (const f of FIXTURES) {
    it(`matches ffmpeg's record for ${f.name}`, () => {
      const ours = hevcDecoderConfigurationRecord([hex(f.vps)], [hex(f.sps)], [hex(f.pps)]);
      const ref = hex(f.ffmpeg);
      expect(ours.length).toBe(ref.length);
      const arrays = arrayHeaderOffsets(ours);
      expect(arrays).toEqual(arrayHeaderOffsets(ref));
      for (const at of arrays) {
        expect(ours[at]! & 0x80).toBe(0x80); // array_completeness 1
        ours[at]! &= 0x3f;
        ref[at]! &= 0x3f;
      }
      expect([...ours]).toEqual([...ref]);
    });

    it(`lays out the fixed fields from the SPS for ${f.name}`, () => {
      const r = hevcDecoderConfigurationRecord([hex(f.vps)], [hex(f.sps)], [hex(f.pps)]);
      const info = parseHevcSps(hex(f.sps));
      expect(info).toMatchObject({ width: 320, height: 240, chromaFormatIdc: f.chroma, maxSubLayers: 1 });
      expect(r[0]).toBe(1); // configurationVersion
      expect(r[1]! & 0x1f).toBe(info.generalProfileTierLevel[0]! & 0x1f); // general_profile_idc
      expect(r[12]).toBe(0x3c); // general_level_idc 60 = level 2
      expect(r[16]! & 3).toBe(f.chroma); // chromaFormat
      expect(r[17]! & 7).toBe(0); // bitDepthLumaMinus8
      expect(r[21]! & 3).toBe(3); // lengthSizeMinusOne
      expect((r[21]! >> 3) & 7).toBe(1); // numTemporalLayers
      expect(r[22]).toBe(3); // VPS, SPS, PPS arrays
      expect(arrayHeaderOffsets(r).map((at) => r[at]! & 0x3f)).toEqual([32, 33, 34]);
    });
  }

  it('refuses to build without VPS, SPS and PPS', () => {
    const f = FIXTURES[1]!;
    expect(() => hevcDecoderConfigurationRecord([], [hex(f.sps)], [hex(f.pps)])).toThrow(RangeError);
  });
});

/** Offsets of each array's first byte (completeness | NAL type). */
function arrayHeaderOffsets(r: Uint8Array): number[] {
  const out: number[] = [];
  let p = 23;
  for (let i = 0; i < r[22]!; i++) {
    out.push(p);
    const n = (r[p + 1]! << 8) | r[p + 2]!;
    p += 3;
    for (let j = 0; j < n; j++) p += 2 + ((r[p]! << 8) | r[p + 1]!);
  }
  return out;
}
