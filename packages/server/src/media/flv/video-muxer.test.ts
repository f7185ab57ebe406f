import { describe, expect, it } from 'vitest';
import { FlvVideoMuxer, type FlvVideoTag } from './video-muxer.ts';

const SC = [0, 0, 0, 1];
const au = (...nals: number[][]) => Uint8Array.from(nals.flatMap((n) => [...SC, ...n]));

const SPS = [0x67, 0x42, 0xc0, 0x1e, 0x11];
const SPS2 = [0x67, 0x42, 0xc0, 0x1f, 0x22];
const PPS = [0x68, 0xce, 0x3c];
const IDR = [0x65, 0x88, 0x84];
const P = [0x41, 0x9a, 0x02];
const AUD = [0x09, 0xf0];

/** Body of a tag (after the 11-byte header, before PreviousTagSize). */
const body = (t: FlvVideoTag) => [...t.bytes.subarray(11, t.bytes.length - 4)];

describe('FlvVideoMuxer, H.264', () => {
  it('drops frames until parameter sets and a keyframe, then sends the sequence header before the keyframe', () => {
    const m = new FlvVideoMuxer();
    expect(m.push({ codec: 'h264', timestamp: 0, data: au(P) })).toEqual([]);
    expect(m.push({ codec: 'h264', timestamp: 40, data: au(SPS, PPS) }).map((t) => t.sequenceHeader)).toEqual([true]);
    expect(m.push({ codec: 'h264', timestamp: 80, data: au(P) })).toEqual([]); // still no keyframe
    const [key] = m.push({ codec: 'h264', timestamp: 120, data: au(AUD, IDR) });
    expect(key).toMatchObject({ keyframe: true, sequenceHeader: false, timestamp: 120 });
    // Frame type 1 + codec 7, AVCPacketType 1, CTS 0, the IDR with a 4-byte length; the AUD is left out.
    expect(body(key!)).toEqual([0x17, 1, 0, 0, 0, 0, 0, 0, 3, ...IDR]);
    expect(m.stats.droppedBeforeKeyframe).toBe(3);
  });

  it('writes the sequence header as AVCPacketType 0 with the record, and inter frames as frame type 2', () => {
    const m = new FlvVideoMuxer();
    const [seq, key] = m.push({ codec: 'h264', timestamp: 0, data: au(SPS, PPS, IDR) });
    expect(body(seq!)).toEqual([0x17, 0, 0, 0, 0, 1, 0x42, 0xc0, 0x1e, 0xff, 0xe1, 0, 5, ...SPS, 1, 0, 3, ...PPS]);
    expect(key!.keyframe).toBe(true);
    const [inter] = m.push({ codec: 'h264', timestamp: 40, data: au(P) });
    expect(body(inter!).slice(0, 5)).toEqual([0x27, 1, 0, 0, 0]);
    expect(inter!.keyframe).toBe(false);
  });

  it('re-sends the sequence header only when SPS/PPS change, and then waits for a keyframe', () => {
    const m = new FlvVideoMuxer();
    m.push({ codec: 'h264', timestamp: 0, data: au(SPS, PPS, IDR) });
    expect(m.push({ codec: 'h264', timestamp: 40, data: au(SPS, PPS, IDR) }).map((t) => t.sequenceHeader)).toEqual([
      false,
    ]);
    const changed = m.push({ codec: 'h264', timestamp: 80, data: au(SPS2, PPS, P) });
    expect(changed.map((t) => t.sequenceHeader)).toEqual([true]); // the P-frame needs the old SPS: dropped
    expect(m.sequenceHeader).toBe(changed[0]);
    expect(m.push({ codec: 'h264', timestamp: 120, data: au(IDR) }).map((t) => t.keyframe)).toEqual([true]);
    expect(m.stats.sequenceHeaders).toBe(2);
  });

  it('trusts the terminal’s I-frame mark for an I picture that is not an IDR', () => {
    const m = new FlvVideoMuxer();
    const tags = m.push({ codec: 'h264', timestamp: 0, data: au(SPS, PPS, P), iFrame: true });
    expect(tags.map((t) => t.keyframe)).toEqual([true, true]);
  });
});

const hex = (s: string) => [...s.matchAll(/../g)].map((b) => Number.parseInt(b[0], 16));
const VPS = hex('40010c01ffff01600000030090000003000003003c959809');
const HSPS = hex('42010101600000030090000003000003003ca00a080f165959a4932bc05a020000030002000003003210');
const HPPS = hex('4401c172b46240');
const IDR_W_RADL = [0x26, 0x01, 0xaf, 0x01];
const TRAIL_R = [0x02, 0x01, 0xd0, 0x02];

describe('FlvVideoMuxer, H.265', () => {
  it('enhanced form: ex-header bit, FourCC hvc1, SequenceStart with the record, CodedFrames with CTS 0', () => {
    const m = new FlvVideoMuxer();
    const [seq, key] = m.push({ codec: 'h265', timestamp: 0, data: au(VPS, HSPS, HPPS, IDR_W_RADL) });
    const s = body(seq!);
    expect(s.slice(0, 5)).toEqual([0x80 | 0x10 | 0, 0x68, 0x76, 0x63, 0x31]);
    expect(s[5]).toBe(1); // configurationVersion right after the FourCC
    expect(body(key!)).toEqual([0x80 | 0x10 | 1, 0x68, 0x76, 0x63, 0x31, 0, 0, 0, 0, 0, 0, 4, ...IDR_W_RADL]);
    const [inter] = m.push({ codec: 'h265', timestamp: 40, data: au(TRAIL_R) });
    expect(body(inter!).slice(0, 8)).toEqual([0x80 | 0x20 | 1, 0x68, 0x76, 0x63, 0x31, 0, 0, 0]);
  });

  it('codec12 form: CodecID 12 with the AVC-style packet type and CTS', () => {
    const m = new FlvVideoMuxer({ hevcForm: 'codec12' });
    const [seq, key] = m.push({ codec: 'h265', timestamp: 0, data: au(VPS, HSPS, HPPS, IDR_W_RADL) });
    expect(body(seq!).slice(0, 6)).toEqual([0x1c, 0, 0, 0, 0, 1]);
    expect(body(key!)).toEqual([0x1c, 1, 0, 0, 0, 0, 0, 0, 4, ...IDR_W_RADL]);
    expect(body(m.push({ codec: 'h265', timestamp: 40, data: au(TRAIL_R) })[0]!)[0]).toBe(0x2c);
  });

  it('needs the VPS too before it starts', () => {
    const m = new FlvVideoMuxer();
    expect(m.push({ codec: 'h265', timestamp: 0, data: au(HSPS, HPPS, IDR_W_RADL) })).toEqual([]);
  });
});

describe('FlvVideoMuxer, damaged input', () => {
  it('survives a truncated SPS: no sequence header until a readable one arrives', () => {
    const m = new FlvVideoMuxer();
    expect(m.push({ codec: 'h264', timestamp: 0, data: au([0x67, 0x42], PPS, IDR) })).toEqual([]);
    expect(m.stats.badParameterSets).toBe(1);
    expect(m.push({ codec: 'h264', timestamp: 40, data: au(SPS, PPS, IDR) }).map((t) => t.keyframe)).toEqual([
      true,
      true,
    ]);
    const h = new FlvVideoMuxer();
    expect(h.push({ codec: 'h265', timestamp: 0, data: au(VPS, HSPS.slice(0, 6), HPPS, IDR_W_RADL) })).toEqual([]);
    expect(h.stats.badParameterSets).toBe(1);
  });

  it('never throws on random bytes sprinkled with start codes and parameter-set headers', () => {
    let seed = 1078;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const heads = [0x67, 0x68, 0x65, 0x41, 0x09, 0x40, 0x42, 0x44, 0x26, 0x02];
    for (const codec of ['h264', 'h265'] as const) {
      const m = new FlvVideoMuxer();
      for (let i = 0; i < 2000; i++) {
        const bytes: number[] = [];
        const parts = 1 + rand(5);
        for (let p = 0; p < parts; p++) {
          bytes.push(0, 0, 1, heads[rand(heads.length)]!);
          for (let k = rand(40); k > 0; k--) bytes.push(rand(4) === 0 ? 0 : rand(256));
        }
        expect(() =>
          m.push({ codec, timestamp: i * 40, data: Uint8Array.from(bytes), iFrame: rand(2) === 0 }),
        ).not.toThrow();
      }
    }
  });
});
