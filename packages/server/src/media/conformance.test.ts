/**
 * Conformance on the real terminal capture (shared/protocol/jt1078/go-jt808-capture.bin: SIM 156987000796,
 * channel 1, H.264 720×576, 102 video frames, G.711A): splitter → assembler → hub → FLV, read back by ffprobe.
 */
import { describe, expect, it } from 'vitest';
import { StreamHub, type StreamKey } from './index.ts';
import { CAPTURE_PATH, captureAvailable, captureFrames, concat, ffprobeAvailable, probe } from './testing/capture.ts';

const KEY: StreamKey = { sim: '156987000796', channel: 1, streamType: 0 };

if (!captureAvailable) console.warn(`media conformance skipped: ${CAPTURE_PATH} not found`);
if (!ffprobeAvailable) console.warn('media conformance: ffprobe not installed, the decode checks are skipped');

describe.skipIf(!captureAvailable)('FLV from the shared JT/T 1078 capture', () => {
  it('reassembles 102 video frames and 214 audio frames from 540 packets', () => {
    const { packets, frames } = captureFrames();
    expect(packets).toHaveLength(540);
    expect(packets.every((p) => p.sim === KEY.sim && p.channel === 1)).toBe(true);
    expect(frames.filter((f) => f.dataType <= 2)).toHaveLength(102);
    expect(frames.filter((f) => f.dataType === 3)).toHaveLength(214);
  });

  it('muxes every video frame, keyframes flagged, timestamps monotonic from 0', () => {
    const { frames } = captureFrames();
    const out: Uint8Array[] = [];
    const hub = new StreamHub();
    hub.addViewer(KEY, (c) => out.push(c));
    for (const f of frames) hub.publish(KEY, f);
    const tags = readTags(concat(out));
    const video = tags.filter((t) => t.type === 9 && t.body[1] === 1);
    expect(tags.filter((t) => t.type === 9 && t.body[1] === 0)).toHaveLength(1); // one AVC sequence header
    expect(tags.filter((t) => t.type !== 9)).toHaveLength(0); // audio kept out of the FLV
    expect(video).toHaveLength(102);
    expect(video.filter((t) => t.body[0]! >> 4 === 1)).toHaveLength(2); // the two IDR frames
    expect(video[0]!.timestamp).toBe(0);
    for (let i = 1; i < video.length; i++) expect(video[i]!.timestamp).toBeGreaterThanOrEqual(video[i - 1]!.timestamp);
    expect(hub.streamStats(KEY)).toMatchObject({ videoFramesIn: 102, audioFramesIn: 214, viewers: 1 });
  });

  it.skipIf(!ffprobeAvailable)('ffprobe decodes the FLV: H.264 720×576, 102 frames, no errors', () => {
    const { frames } = captureFrames();
    const out: Uint8Array[] = [];
    const hub = new StreamHub();
    hub.addViewer(KEY, (c) => out.push(c));
    for (const f of frames) hub.publish(KEY, f);
    const r = probe(concat(out));
    expect(r.errors).toBe('');
    expect(r.streams).toHaveLength(1);
    expect(r.streams[0]).toMatchObject({ codec_name: 'h264', width: 720, height: 576, nb_read_frames: '102' });
  });

  it.skipIf(!ffprobeAvailable)('a viewer joining mid-stream starts at the last keyframe and decodes cleanly', () => {
    const { frames } = captureFrames();
    const hub = new StreamHub();
    const early: Uint8Array[] = [];
    hub.addViewer(KEY, (c) => early.push(c));
    const videoFrames = frames.filter((f) => f.dataType <= 2);
    const lastIdr = videoFrames.findLastIndex((f) => f.dataType === 0); // 0-based; about 3 s in
    expect(lastIdr).toBeGreaterThan(0);
    expect(lastIdr).toBeLessThan(79);
    // Join after the 80th video frame, mid-GOP.
    let video = 0;
    const late: Uint8Array[] = [];
    for (const f of frames) {
      hub.publish(KEY, f);
      if (f.dataType <= 2 && ++video === 80) hub.addViewer(KEY, (c) => late.push(c));
    }
    const tags = readTags(concat(late)).filter((t) => t.type === 9);
    expect(tags[0]!.body[1]).toBe(0); // sequence header first
    expect(tags[1]!.body[0]! >> 4).toBe(1); // then a keyframe
    const r = probe(concat(late));
    expect(r.errors).toBe('');
    expect(r.streams[0]).toMatchObject({ codec_name: 'h264', nb_read_frames: String(tags.length - 1) });
    expect(tags.length - 1).toBe(102 - lastIdr); // from the last IDR to the end
  });
});

describe.skipIf(!captureAvailable || !ffprobeAvailable)('a slow viewer of the capture', () => {
  it('skips to the next keyframe and its stream still decodes without errors', () => {
    const { frames } = captureFrames();
    const hub = new StreamHub({ viewerPolicy: { slowBytes: 100_000 } });
    const out: Uint8Array[] = [];
    let backlog = 0;
    hub.addViewer(KEY, { write: (c) => out.push(c), bufferedBytes: () => backlog });
    let video = 0;
    for (const f of frames) {
      if (f.dataType <= 2) {
        video++;
        backlog = video > 10 && video <= 30 ? 500_000 : 0; // the socket stalls for frames 11–30
      }
      hub.publish(KEY, f);
    }
    const lastIdr = frames.filter((f) => f.dataType <= 2).findLastIndex((f) => f.dataType === 0);
    const r = probe(concat(out));
    expect(r.errors).toBe('');
    expect(r.streams[0]?.nb_read_frames).toBe(String(10 + 102 - lastIdr));
    expect(hub.streamStats(KEY)?.skippedTags).toBe(lastIdr - 10);
  });
});

interface Tag {
  type: number;
  timestamp: number;
  body: Uint8Array;
}

/** Independent FLV reader for the checks: header, then tag + PreviousTagSize, every size verified. */
function readTags(flv: Uint8Array): Tag[] {
  expect([...flv.subarray(0, 3)]).toEqual([0x46, 0x4c, 0x56]);
  const dv = new DataView(flv.buffer, flv.byteOffset, flv.byteLength);
  let p = dv.getUint32(5);
  expect(dv.getUint32(p)).toBe(0);
  p += 4;
  const tags: Tag[] = [];
  while (p < flv.length) {
    const type = flv[p]!;
    const size = (flv[p + 1]! << 16) | (flv[p + 2]! << 8) | flv[p + 3]!;
    const timestamp = ((flv[p + 7]! << 24) | (flv[p + 4]! << 16) | (flv[p + 5]! << 8) | flv[p + 6]!) >>> 0;
    const body = flv.subarray(p + 11, p + 11 + size);
    expect(dv.getUint32(p + 11 + size)).toBe(11 + size);
    tags.push({ type, timestamp, body });
    p += 11 + size + 4;
  }
  return tags;
}
