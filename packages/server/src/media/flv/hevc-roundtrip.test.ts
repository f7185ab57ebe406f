/**
 * H.265 through the muxer and back: libx265 (via ffmpeg) encodes 30 frames, the muxer writes enhanced-FLV tags,
 * and an independent reader here turns the tags back into an Annex B stream (parameter sets from the record,
 * 4-byte lengths to start codes) that ffprobe must decode frame for frame. ffmpeg 5.1 cannot read HEVC in FLV
 * itself (enhanced FLV arrived in 6.1), hence the round trip. Skipped, with a message, without ffmpeg + libx265.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { concat, probe } from '../testing/capture.ts';
import { splitAnnexB } from './annexb.ts';
import { hevcNalType } from './hevc.ts';
import { FlvVideoMuxer } from './video-muxer.ts';

function encodeHevc(): Uint8Array | undefined {
  const r = spawnSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-frames:v', '30'],
      ...['-pix_fmt', 'yuv420p', '-c:v', 'libx265', '-x265-params', 'keyint=10:bframes=0:log-level=error'],
      ...['-f', 'hevc', '-'],
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return r.status === 0 && r.stdout.length > 0 ? new Uint8Array(r.stdout) : undefined;
}

const stream = encodeHevc();
if (!stream) console.warn('H.265 round trip skipped: ffmpeg with libx265 not available');

/** Access units: a new one starts at a parameter set/SEI/AUD after a picture, or at a picture's first slice. */
function accessUnits(es: Uint8Array): Uint8Array[] {
  const units: Uint8Array[][] = [];
  let current: Uint8Array[] = [];
  let hasPicture = false;
  for (const nal of splitAnnexB(es)) {
    const t = hevcNalType(nal);
    const vcl = t < 32;
    const firstSlice = vcl && (nal[2]! & 0x80) !== 0;
    if (hasPicture && (!vcl || firstSlice)) {
      units.push(current);
      current = [];
      hasPicture = false;
    }
    current.push(nal);
    if (vcl) hasPicture = true;
  }
  if (current.length > 0) units.push(current);
  return units.map((nals) => concat(nals.flatMap((n) => [Uint8Array.of(0, 0, 0, 1), n])));
}

describe.skipIf(!stream)('H.265 in enhanced FLV, round trip', () => {
  it('carries every frame so that ffprobe decodes the rebuilt stream without errors', () => {
    const muxer = new FlvVideoMuxer({ hevcForm: 'enhanced' });
    const tags = accessUnits(stream!).flatMap((data, i) => muxer.push({ codec: 'h265', timestamp: i * 40, data }));
    const out: Uint8Array[] = [];
    const startCode = Uint8Array.of(0, 0, 0, 1);
    let keyframes = 0;
    for (const t of tags) {
      const b = t.bytes.subarray(11, t.bytes.length - 4);
      expect(b[0]! & 0x80).toBe(0x80);
      expect(String.fromCharCode(...b.subarray(1, 5))).toBe('hvc1');
      const packetType = b[0]! & 0x0f;
      if (packetType === 0) {
        // HEVCDecoderConfigurationRecord right after the FourCC; numOfArrays is its byte 22.
        let p = 5 + 22;
        const arrays = b[p++]!;
        for (let i = 0; i < arrays; i++) {
          const n = (b[p + 1]! << 8) | b[p + 2]!;
          p += 3;
          for (let j = 0; j < n; j++) {
            const len = (b[p]! << 8) | b[p + 1]!;
            out.push(startCode, b.subarray(p + 2, p + 2 + len));
            p += 2 + len;
          }
        }
        continue;
      }
      expect(packetType).toBe(1);
      if (b[0]! >> 4 === 9) keyframes++; // 0x80 flag | frame type 1
      for (let p = 8; p < b.length; ) {
        const len = ((b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!) >>> 0;
        out.push(startCode, b.subarray(p + 4, p + 4 + len));
        p += 4 + len;
      }
    }
    expect(tags.filter((t) => !t.sequenceHeader)).toHaveLength(30);
    expect(keyframes).toBe(3);
    const r = probe(concat(out), 'hevc');
    expect(r.errors).toBe('');
    expect(r.streams[0]).toMatchObject({ codec_name: 'hevc', width: 320, height: 240, nb_read_frames: '30' });
  });
});
