import { PassThrough } from 'node:stream';
import type { MediaFrame } from '@headway/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PcmFrame } from '../audio/pcm.ts';
import { StreamHub, type StreamKey } from './stream-hub.ts';
import type { ViewerCloseReason, ViewerSink } from './viewer.ts';

const KEY: StreamKey = { sim: '013800138000', channel: 2, streamType: 0 };
const SC = [0, 0, 0, 1];
const SPS = [0x67, 0x42, 0xc0, 0x1e, 0x11];
const PPS = [0x68, 0xce, 0x3c];

function video(ts: number, key: boolean, size = 100): MediaFrame {
  const slice = [key ? 0x65 : 0x41, ...new Array(size).fill(0x80)];
  const nals = key ? [...SC, ...SPS, ...SC, ...PPS, ...SC, ...slice] : [...SC, ...slice];
  return {
    sim: KEY.sim,
    channel: KEY.channel,
    dataType: key ? 0 : 1,
    payloadType: 98,
    timestamp: ts,
    data: Uint8Array.from(nals),
  };
}

const audio = (ts: number): MediaFrame => ({
  sim: KEY.sim,
  channel: KEY.channel,
  dataType: 3,
  payloadType: 6,
  timestamp: ts,
  data: new Uint8Array(160).fill(0xd5),
});

/** Tags a viewer received, as [type, body[0], body[1]] (frame type/codec, AVC packet type), header marked 'H'. */
class Recorder implements ViewerSink {
  chunks: Uint8Array[] = [];
  backlog = 0;
  closed: ViewerCloseReason | undefined;
  write(chunk: Uint8Array): void {
    this.chunks.push(chunk);
  }
  bufferedBytes(): number {
    return this.backlog;
  }
  close(reason: ViewerCloseReason): void {
    this.closed = reason;
  }
  /** 'H' header, 'S' sequence header, 'K' keyframe, 'P' inter frame. */
  get kinds(): string {
    const all = Uint8Array.from(this.chunks.flatMap((c) => [...c]));
    let out = '';
    let p = 0;
    while (p < all.length) {
      if (all[p] === 0x46) {
        out += 'H';
        p += 13;
        continue;
      }
      const size = (all[p + 1]! << 16) | (all[p + 2]! << 8) | all[p + 3]!;
      out += all[p + 12] === 0 ? 'S' : all[p + 11]! >> 4 === 1 ? 'K' : 'P';
      p += 11 + size + 4;
    }
    return out;
  }
}

afterEach(() => vi.useRealTimers());

describe('StreamHub', () => {
  it('gives a late viewer the FLV header, sequence header and the GOP so far at once', () => {
    const hub = new StreamHub();
    const first = new Recorder();
    hub.addViewer(KEY, first);
    for (const [i, k] of [true, false, false, true, false].entries()) hub.publish(KEY, video(i * 40, k));
    const late = new Recorder();
    hub.addViewer(KEY, late);
    expect(first.kinds).toBe('HSKPPKP');
    expect(late.kinds).toBe('HSKP');
    hub.publish(KEY, video(200, false));
    expect(late.kinds).toBe('HSKPP');
  });

  it('holds a viewer who joins before any keyframe until one comes', () => {
    const hub = new StreamHub();
    hub.publish(KEY, video(0, false));
    const v = new Recorder();
    hub.addViewer(KEY, v);
    hub.publish(KEY, video(40, false));
    expect(v.kinds).toBe('H');
    hub.publish(KEY, video(80, true));
    expect(v.kinds).toBe('HSK');
  });

  it('asks for the upstream on the first viewer and releases it when the last leaves', () => {
    const events: string[] = [];
    const hub = new StreamHub({
      onActive: (k) => events.push(`active ${k.channel}`),
      onIdle: (k) => events.push(`idle ${k.channel}`),
    });
    const a = hub.addViewer(KEY, () => {});
    const b = hub.addViewer(KEY, () => {});
    const stopAudio = hub.addAudioListener(KEY, () => {});
    a.close();
    b.close();
    expect(events).toEqual(['active 2']);
    stopAudio();
    expect(events).toEqual(['active 2', 'idle 2']);
    hub.addViewer(KEY, () => {});
    expect(events).toEqual(['active 2', 'idle 2', 'active 2']);
  });

  it('waits idleDelayMs before releasing, and a viewer who comes back in time keeps the upstream', () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const hub = new StreamHub({
      idleDelayMs: 5000,
      onActive: () => events.push('active'),
      onIdle: () => events.push('idle'),
    });
    hub.addViewer(KEY, () => {}).close();
    vi.advanceTimersByTime(4000);
    const v = hub.addViewer(KEY, () => {});
    vi.advanceTimersByTime(10_000);
    expect(events).toEqual(['active']);
    v.close();
    vi.advanceTimersByTime(5000);
    expect(events).toEqual(['active', 'idle']);
  });

  it('makes a slow viewer skip to the next keyframe, then drops it past dropBytes', () => {
    const hub = new StreamHub({ viewerPolicy: { slowBytes: 1000, dropBytes: 5000 } });
    const v = new Recorder();
    const handle = hub.addViewer(KEY, v);
    hub.publish(KEY, video(0, true));
    v.backlog = 2000; // the socket is behind
    hub.publish(KEY, video(40, false));
    hub.publish(KEY, video(80, false));
    hub.publish(KEY, video(120, true)); // still behind at the keyframe: keep skipping
    v.backlog = 0;
    hub.publish(KEY, video(160, false)); // caught up, but mid-GOP: skip
    hub.publish(KEY, video(200, true));
    hub.publish(KEY, video(240, false));
    expect(v.kinds).toBe('HSKKP');
    expect(handle.stats).toMatchObject({ skippedTags: 4, resyncs: 1 });
    v.backlog = 6000;
    hub.publish(KEY, video(280, false));
    expect(v.closed).toBe('slow');
    expect(hub.streamStats(KEY)).toMatchObject({ viewers: 0, droppedViewers: 1, skippedTags: 4 });
  });

  it('drops a viewer that has skipped for longer than maxSkipMs', () => {
    const hub = new StreamHub({ viewerPolicy: { slowBytes: 1000, maxSkipMs: 1000 } });
    const v = new Recorder();
    hub.addViewer(KEY, v);
    hub.publish(KEY, video(0, true));
    v.backlog = 2000;
    for (let t = 40; t <= 1080; t += 40) hub.publish(KEY, video(t, t % 400 === 0));
    expect(v.closed).toBe('slow');
  });

  it('uses a Node stream’s own buffer as the backlog and forgets the viewer when the stream closes', async () => {
    const idle: StreamKey[] = [];
    const hub = new StreamHub({ viewerPolicy: { slowBytes: 1000 }, onIdle: (k) => idle.push(k) });
    const res = new PassThrough({ highWaterMark: 16 }); // nobody reads it: everything stays buffered
    hub.addViewer(KEY, res);
    hub.publish(KEY, video(0, true, 2000));
    hub.publish(KEY, video(40, false, 500));
    expect(res.writableLength).toBeGreaterThan(1000);
    expect(hub.streamStats(KEY)?.skippedTags).toBe(1);
    res.destroy();
    await new Promise((r) => setImmediate(r));
    expect(hub.streamStats(KEY)?.viewers).toBe(0);
    expect(idle).toEqual([KEY]);
  });

  it('closes the viewers when the upstream ends, without an idle call', () => {
    const onIdle = vi.fn();
    const hub = new StreamHub({ onIdle });
    const v = new Recorder();
    hub.addViewer(KEY, v);
    hub.end(KEY);
    expect(v.closed).toBe('upstream-ended');
    expect(onIdle).not.toHaveBeenCalled();
    expect(hub.has(KEY)).toBe(false);
  });

  it('decodes audio to PCM for listeners and keeps it out of the FLV', () => {
    const hub = new StreamHub();
    const v = new Recorder();
    const pcm: PcmFrame[] = [];
    hub.addViewer(KEY, v);
    hub.addAudioListener(KEY, (f) => pcm.push(f));
    hub.publish(KEY, video(1000, true));
    hub.publish(KEY, audio(1020));
    hub.publish(KEY, { ...audio(1040), payloadType: 8 }); // G.726: not on the live path
    expect(pcm.map((f) => [f.timestamp, f.samples.length, f.samples[0]])).toEqual([[20, 160, 8]]);
    expect(v.kinds).toBe('HSK');
    expect(hub.stats()).toMatchObject({ streams: 1, viewers: 1, videoFramesIn: 1, audioFramesIn: 1 });
    expect(hub.streamStats(KEY)?.unsupportedFramesIn).toBe(1);
  });

  it('forgets a viewer or listener that throws, and keeps serving the others', () => {
    const onIdle = vi.fn();
    const hub = new StreamHub({ onIdle });
    hub.addViewer(KEY, () => {
      throw new Error('socket gone');
    });
    hub.addAudioListener(KEY, () => {
      throw new Error('socket gone');
    });
    const ok = new Recorder();
    hub.addViewer(KEY, ok);
    hub.publish(KEY, video(0, true));
    hub.publish(KEY, audio(20));
    expect(ok.kinds).toBe('HSK');
    expect(hub.streamStats(KEY)).toMatchObject({ viewers: 1, audioListeners: 0 });
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('keeps streams apart by SIM, channel and stream type', () => {
    const hub = new StreamHub();
    const main = new Recorder();
    const sub = new Recorder();
    hub.addViewer(KEY, main);
    hub.addViewer({ ...KEY, streamType: 1 }, sub);
    hub.publish({ ...KEY, streamType: 1 }, video(0, true));
    expect([main.kinds, sub.kinds]).toEqual(['H', 'HSK']);
    expect(hub.stats().streams).toBe(2);
  });
});
