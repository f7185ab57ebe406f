import { type RtpPacket, RtpSplitter } from '@headway/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shippedCapture } from './capture.ts';
import { simField, tracksFor } from './live-video.ts';
import { CaptureStreamer, type MediaSink, type Tracks } from './streamer.ts';

/** A socket stand-in: keeps what was written and reports whatever backlog the test sets. */
class Sink implements MediaSink {
  writableLength = 0;
  readonly splitter = new RtpSplitter();
  readonly packets: RtpPacket[] = [];
  write(chunk: Uint8Array): boolean {
    this.packets.push(...this.splitter.push(chunk));
    return true;
  }
}

const clip = shippedCapture();

function streamer(sink: Sink, tracks: Tracks = tracksFor(0), phone = '013912345678') {
  return new CaptureStreamer(sink, { clip, ...simField(phone), channel: 5, tracks });
}

function expectMonotonicPerTrack(packets: RtpPacket[]): void {
  const last = new Map<string, number>();
  for (const p of packets) {
    const track = p.dataType === 3 ? 'audio' : 'video';
    expect(p.timestamp!).toBeGreaterThanOrEqual(last.get(track) ?? 0);
    last.set(track, p.timestamp!);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the shipped capture', () => {
  it('holds the 540 packets of the real stream, starting on an I-frame, about 4.3 s a round', () => {
    expect(clip.packets).toHaveLength(540);
    expect(clip.packets[0]!.keyframeStart).toBe(true);
    expect(clip.packets.filter((p) => p.keyframeStart)).toHaveLength(2);
    expect(clip.period).toBe(4300);
    for (let i = 1; i < clip.packets.length; i++) {
      expect(clip.packets[i]!.due).toBeGreaterThanOrEqual(clip.packets[i - 1]!.due);
    }
  });
});

describe('CaptureStreamer', () => {
  it('paces the clip at its timestamps and loops with timestamps and sequence numbers running on', () => {
    const sink = new Sink();
    const s = streamer(sink);
    s.start();
    vi.advanceTimersByTime(2000);
    const early = sink.packets.length;
    expect(early).toBeGreaterThan(150);
    expect(early).toBeLessThan(400);
    vi.advanceTimersByTime(2 * clip.period);
    s.stop();
    const got = sink.packets;
    expect(s.stats.rounds).toBe(2);
    expect(got.length).toBe(s.stats.packetsSent);
    expect(got.every((p) => p.sim === '013912345678' && p.channel === 5)).toBe(true);
    expect(got.map((p) => p.seq)).toEqual(got.map((_, i) => i));
    expectMonotonicPerTrack(got);
    // Round 2 is round 1 shifted by one period: same payloads, timestamps + 4300.
    const second = got[540]!;
    expect(second.timestamp).toBe(clip.packets[0]!.packet.timestamp! + clip.period);
    expect(second.payload).toEqual(clip.packets[0]!.packet.payload);
    expect(got.filter((p) => p.dataType === 0 && p.timestamp! > clip.period).length).toBeGreaterThan(0);
    // Stopped means stopped.
    vi.advanceTimersByTime(5000);
    expect(sink.packets.length).toBe(got.length);
  });

  it('sends only video for data type 1 and only audio for talk and listen', () => {
    const video = new Sink();
    const audio = new Sink();
    const a = streamer(video, tracksFor(1));
    const b = streamer(audio, tracksFor(2));
    a.start();
    b.start();
    vi.advanceTimersByTime(clip.period - 1);
    a.stop();
    b.stop();
    expect(video.packets.filter((p) => p.dataType === 3)).toHaveLength(0);
    expect(video.packets.filter((p) => p.dataType === 0).length).toBeGreaterThan(0);
    expect(audio.packets.length).toBe(214);
    expect(audio.packets.every((p) => p.dataType === 3)).toBe(true);
  });

  it('drops packets rather than queue behind a full socket, and resumes video at an I-frame', () => {
    const sink = new Sink();
    const s = streamer(sink);
    s.start();
    vi.advanceTimersByTime(1000);
    const before = sink.packets.length;
    sink.writableLength = 10 * 1024 * 1024;
    vi.advanceTimersByTime(1000);
    expect(sink.packets.length).toBe(before);
    expect(s.stats.packetsSkipped).toBeGreaterThan(0);
    sink.writableLength = 0;
    vi.advanceTimersByTime(clip.period);
    s.stop();
    const video = sink.packets.slice(before).filter((p) => p.dataType !== 3);
    expect(video[0]).toMatchObject({ dataType: 0, subpackageMark: 1 });
    // Audio needs no keyframe: it flows again as soon as the socket drains, before the I-frame comes.
    const firstAudioAfter = sink.packets.slice(before).findIndex((p) => p.dataType === 3);
    const firstVideoAfter = sink.packets.slice(before).findIndex((p) => p.dataType !== 3);
    expect(firstAudioAfter).toBeLessThan(firstVideoAfter);
  });

  it('sends nothing while paused and resumes at the live position from the next I-frame', () => {
    const sink = new Sink();
    const s = streamer(sink);
    s.start();
    vi.advanceTimersByTime(1000);
    s.pause();
    const before = sink.packets.length;
    const lastTs = sink.packets.at(-1)!.timestamp!;
    vi.advanceTimersByTime(3000);
    expect(sink.packets.length).toBe(before);
    s.resume();
    vi.advanceTimersByTime(clip.period);
    s.stop();
    const after = sink.packets.slice(before);
    const firstVideo = after.find((p) => p.dataType !== 3)!;
    expect(firstVideo).toMatchObject({ dataType: 0 });
    // The camera's clock ran on: the stream continues ~3 s later, not where it stopped.
    expect(after[0]!.timestamp! - lastTs).toBeGreaterThan(2900);
    expect(after.map((p) => p.seq)[0]).toBe(before);
    expectMonotonicPerTrack(sink.packets);
  });

  it('narrows the tracks on the fly (0x9102 close audio)', () => {
    const sink = new Sink();
    const s = streamer(sink);
    s.start();
    vi.advanceTimersByTime(500);
    s.setTracks({ audio: false, video: true });
    const before = sink.packets.length;
    vi.advanceTimersByTime(2000);
    s.stop();
    expect(sink.packets.slice(before).some((p) => p.dataType === 3)).toBe(false);
    expect(sink.packets.length).toBeGreaterThan(before);
  });
});

describe('simField', () => {
  it('writes 6 BCD bytes for 12-digit phones (2013, or 2019 padded) and 10 for longer 2019 numbers', () => {
    expect(simField('013912345678')).toEqual({ sim: '013912345678', simLength: 6 });
    expect(simField('00000000013912345678')).toEqual({ sim: '013912345678', simLength: 6 });
    expect(simField('12345678901234')).toEqual({ sim: '12345678901234', simLength: 10 });
    const sink = new Sink();
    const wide = new RtpSplitter({ simLength: 10 });
    const s = new CaptureStreamer(
      {
        writableLength: 0,
        write: (c) => {
          sink.packets.push(...wide.push(c));
          return true;
        },
      },
      { clip, ...simField('12345678901234'), channel: 2, tracks: tracksFor(0) },
    );
    s.start();
    vi.advanceTimersByTime(200);
    s.stop();
    expect(sink.packets.length).toBeGreaterThan(0);
    expect(sink.packets[0]).toMatchObject({ sim: '00000012345678901234', channel: 2, dataType: 0 });
  });
});
