import { describe, expect, it } from 'vitest';
import { avcDecoderConfigurationRecord } from './avc.ts';

describe('AVCDecoderConfigurationRecord (ISO/IEC 14496-15 §5.3.3.1)', () => {
  it('takes profile, compatibility and level from the SPS and lists SPS and PPS with 16-bit lengths', () => {
    const sps = Uint8Array.of(0x67, 0x4d, 0x40, 0x1e, 0xaa);
    const pps = Uint8Array.of(0x68, 0xee, 0x3c);
    expect([...avcDecoderConfigurationRecord([sps], [pps])]).toEqual([
      1, // configurationVersion
      0x4d, // AVCProfileIndication (Main)
      0x40, // profile_compatibility
      0x1e, // AVCLevelIndication (3.0)
      0xff, // 111111 + lengthSizeMinusOne 3
      0xe1, // 111 + one SPS
      0,
      5,
      ...sps,
      1, // one PPS
      0,
      3,
      ...pps,
    ]);
  });

  it('refuses to build without an SPS and a PPS', () => {
    expect(() => avcDecoderConfigurationRecord([], [Uint8Array.of(0x68)])).toThrow(RangeError);
    expect(() => avcDecoderConfigurationRecord([Uint8Array.of(0x67, 1, 2, 3)], [])).toThrow(RangeError);
  });
});
