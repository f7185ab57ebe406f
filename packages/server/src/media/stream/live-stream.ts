/**
 * One upstream (terminal, channel, stream type) and its viewers: frames in, FLV out. Each tag is encoded once and
 * the same bytes go to every viewer; audio is decoded to PCM for audio listeners and kept out of the FLV (MSE
 * cannot play G.711 in FLV; see docs/media.md).
 */
import type { MediaFrame } from '@headway/protocol';
import { decodeAudioFrame, type PcmFrame } from '../audio/pcm.ts';
import { flvHeader } from '../flv/flv-writer.ts';
import { Timeline } from '../flv/timeline.ts';
import { FlvVideoMuxer, type FlvVideoTag, type HevcFlvForm, type VideoCodec } from '../flv/video-muxer.ts';
import { GopCache } from './gop-cache.ts';
import {
  DEFAULT_VIEWER_POLICY,
  normalizeTarget,
  type ViewerCloseReason,
  type ViewerPolicy,
  type ViewerSink,
  type ViewerStats,
  type ViewerTarget,
} from './viewer.ts';

/** JT/T 1078 table 12 video payload types. */
export const VideoPayloadType = { h264: 98, h265: 99 } as const;

export interface LiveStreamOptions {
  viewerPolicy?: ViewerPolicy;
  gopMaxBytes?: number;
  hevcForm?: HevcFlvForm;
}

export interface LiveStreamStats {
  videoFramesIn: number;
  audioFramesIn: number;
  /** Frames of a payload type we do not carry (e.g. G.726 audio, MJPEG). */
  unsupportedFramesIn: number;
  bytesIn: number;
  bytesOut: number;
  viewers: number;
  audioListeners: number;
  droppedViewers: number;
  skippedTags: number;
  gopBytes: number;
  timelineResets: number;
}

export interface ViewerHandle {
  readonly id: number;
  readonly stats: Readonly<ViewerStats>;
  close(): void;
}

type ViewerState = 'waiting' | 'live' | 'skipping';

interface Viewer {
  id: number;
  sink: ViewerSink;
  state: ViewerState;
  sentSequenceHeader: FlvVideoTag | undefined;
  skipSince: number;
  stats: ViewerStats;
  closed: boolean;
}

let nextViewerId = 1;

export class LiveStream {
  private readonly muxer: FlvVideoMuxer;
  private readonly timeline = new Timeline();
  private readonly gop: GopCache;
  private readonly policy: Required<ViewerPolicy>;
  private readonly viewers = new Map<number, Viewer>();
  private readonly audio = new Set<(frame: PcmFrame) => void>();
  /** The newest video frame's FLV time and the terminal's own timestamp for it (latency measurement). */
  lastVideo: { streamMs: number; sourceMs: number | undefined } | undefined;
  private readonly counters = {
    videoFramesIn: 0,
    audioFramesIn: 0,
    unsupportedFramesIn: 0,
    bytesIn: 0,
    bytesOut: 0,
    droppedViewers: 0,
    skippedTags: 0,
  };

  /** `onCountChange` is told whenever viewers + audio listeners changes, with the new count. */
  constructor(
    opts: LiveStreamOptions,
    private readonly onCountChange: (count: number) => void,
  ) {
    this.muxer = new FlvVideoMuxer({ hevcForm: opts.hevcForm ?? 'enhanced' });
    this.gop = new GopCache(opts.gopMaxBytes);
    this.policy = { ...DEFAULT_VIEWER_POLICY, ...opts.viewerPolicy };
  }

  get audienceSize(): number {
    return this.viewers.size + this.audio.size;
  }

  publish(frame: MediaFrame): void {
    this.counters.bytesIn += frame.data.length;
    if (frame.dataType <= 2) this.publishVideo(frame);
    else if (frame.dataType === 3) this.publishAudio(frame);
  }

  private publishVideo(frame: MediaFrame): void {
    const codec: VideoCodec | undefined =
      frame.payloadType === VideoPayloadType.h264
        ? 'h264'
        : frame.payloadType === VideoPayloadType.h265
          ? 'h265'
          : undefined;
    if (!codec) {
      this.counters.unsupportedFramesIn++;
      return;
    }
    this.counters.videoFramesIn++;
    const timestamp = this.timeline.map(frame.timestamp, 'video');
    this.lastVideo = { streamMs: timestamp, sourceMs: frame.timestamp };
    const tags = this.muxer.push({ codec, timestamp, data: frame.data, iFrame: frame.dataType === 0 });
    for (const tag of tags) {
      this.gop.add(tag);
      for (const v of this.viewers.values()) this.deliver(v, tag);
    }
  }

  private publishAudio(frame: MediaFrame): void {
    const timestamp = this.timeline.map(frame.timestamp, 'audio');
    if (this.audio.size === 0) {
      this.counters.audioFramesIn++;
      return;
    }
    const pcm = decodeAudioFrame(frame.payloadType, frame.data, timestamp);
    if (!pcm) {
      this.counters.unsupportedFramesIn++;
      return;
    }
    this.counters.audioFramesIn++;
    for (const fn of this.audio) {
      try {
        fn(pcm);
      } catch {
        // A listener that throws (its socket is gone) has left; the terminal's stream must not stop for it.
        this.audio.delete(fn);
        this.onCountChange(this.audienceSize);
      }
    }
  }

  addViewer(target: ViewerTarget): ViewerHandle {
    const { sink, onGone } = normalizeTarget(target);
    const v: Viewer = {
      id: nextViewerId++,
      sink,
      state: 'waiting',
      sentSequenceHeader: undefined,
      skipSince: 0,
      stats: { bytesOut: 0, tagsOut: 0, skippedTags: 0, resyncs: 0 },
      closed: false,
    };
    this.viewers.set(v.id, v);
    // Late join: header, sequence header and the GOP so far in one write; the first picture needs no wait for the
    // next I-frame.
    const start = [flvHeader({ video: true, audio: false })];
    const gop = this.gop.gop;
    const seq = this.muxer.sequenceHeader;
    if (seq && gop.length > 0) {
      start.push(seq.bytes, ...gop.map((t) => t.bytes));
      v.sentSequenceHeader = seq;
      v.state = 'live';
      v.stats.tagsOut += gop.length;
    }
    this.write(v, start.length === 1 ? start[0]! : concatBytes(start));
    onGone?.(() => this.remove(v, 'closed', false));
    this.onCountChange(this.audienceSize);
    return {
      id: v.id,
      stats: v.stats,
      close: () => this.remove(v, 'closed', true),
    };
  }

  addAudioListener(fn: (frame: PcmFrame) => void): () => void {
    this.audio.add(fn);
    this.onCountChange(this.audienceSize);
    return () => {
      if (this.audio.delete(fn)) this.onCountChange(this.audienceSize);
    };
  }

  /** The upstream is gone: close every viewer. */
  end(): void {
    for (const v of [...this.viewers.values()]) this.remove(v, 'upstream-ended', true, false);
    this.audio.clear();
  }

  stats(): LiveStreamStats {
    return {
      ...this.counters,
      viewers: this.viewers.size,
      audioListeners: this.audio.size,
      gopBytes: this.gop.bytes,
      timelineResets: this.timeline.resets,
    };
  }

  private deliver(v: Viewer, tag: FlvVideoTag): void {
    const backlog = v.sink.bufferedBytes?.() ?? 0;
    if (backlog > this.policy.dropBytes) {
      this.remove(v, 'slow', true);
      return;
    }
    if (tag.sequenceHeader) {
      // A waiting or skipping viewer gets the header in force when it resumes at a keyframe.
      if (v.state === 'live') {
        this.write(v, tag.bytes);
        v.sentSequenceHeader = tag;
      }
      return;
    }
    if (v.state === 'live') {
      if (backlog <= this.policy.slowBytes) {
        this.write(v, tag.bytes, true);
        return;
      }
      v.state = 'skipping';
      v.skipSince = tag.timestamp;
    } else if (tag.keyframe && backlog <= this.policy.slowBytes) {
      const seq = this.muxer.sequenceHeader;
      if (seq && v.sentSequenceHeader !== seq) {
        this.write(v, seq.bytes);
        v.sentSequenceHeader = seq;
      }
      if (v.state === 'skipping') v.stats.resyncs++;
      v.state = 'live';
      this.write(v, tag.bytes, true);
      return;
    }
    v.stats.skippedTags++;
    this.counters.skippedTags++;
    if (v.state === 'skipping' && tag.timestamp - v.skipSince > this.policy.maxSkipMs) this.remove(v, 'slow', true);
  }

  private write(v: Viewer, bytes: Uint8Array, counted = false): void {
    if (v.closed) return;
    try {
      v.sink.write(bytes);
    } catch {
      // A sink that throws (socket already gone) is a viewer that left.
      this.remove(v, 'closed', false);
      return;
    }
    v.stats.bytesOut += bytes.length;
    this.counters.bytesOut += bytes.length;
    if (counted) v.stats.tagsOut++;
  }

  private remove(v: Viewer, reason: ViewerCloseReason, notifySink: boolean, notifyCount = true): void {
    if (v.closed) return;
    v.closed = true;
    this.viewers.delete(v.id);
    if (reason === 'slow') this.counters.droppedViewers++;
    if (notifySink) v.sink.close?.(reason);
    if (notifyCount) this.onCountChange(this.audienceSize);
  }
}

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
