/**
 * All live streams of this node, keyed by (SIM, logical channel, stream type). The media port publishes
 * reassembled frames; HTTP/WebSocket handlers add viewers. The hub tells its owner when a stream gains its first
 * audience (send 0x9101) and loses its last (send 0x9102 close), so signalling stays outside the media core.
 */
import type { MediaFrame } from '@headway/protocol';
import type { PcmFrame } from '../audio/pcm.ts';
import { LiveStream, type LiveStreamOptions, type LiveStreamStats, type ViewerHandle } from './live-stream.ts';
import type { ViewerTarget } from './viewer.ts';

export interface StreamKey {
  sim: string;
  /** Logical channel (JT/T 1078 table 2). */
  channel: number;
  /** 0 main stream, 1 sub stream (0x9101 field). */
  streamType: number;
  /**
   * What the terminal sends: live video (the default), a playback of a recording (0x9201) or a two-way talk
   * (0x9101 data type 2). The packets do not say which, so the media port learns it from the request a connection
   * answers, and the kinds are keyed apart.
   */
  kind?: 'live' | 'playback' | 'talk';
}

export function streamKeyId(k: StreamKey): string {
  const kind = k.kind ?? 'live';
  return kind === 'live' ? `${k.sim}/${k.channel}/${k.streamType}` : `${k.sim}/${k.channel}/${k.streamType}/${kind}`;
}

export interface StreamHubOptions extends LiveStreamOptions {
  /** The first viewer or audio listener of a stream arrived: ask the terminal for it (0x9101). */
  onActive?: (key: StreamKey) => void;
  /** The last one left (after `idleDelayMs`): close the upstream (0x9102 control 0). */
  onIdle?: (key: StreamKey) => void;
  /** Grace before onIdle, so a viewer who reloads or switches windows does not cost a close + re-request. Default 0. */
  idleDelayMs?: number;
}

export interface HubStats {
  streams: number;
  viewers: number;
  videoFramesIn: number;
  audioFramesIn: number;
  bytesOut: number;
  droppedViewers: number;
  skippedTags: number;
}

interface Entry {
  key: StreamKey;
  stream: LiveStream;
  /** The upstream has been asked for and not yet released (onActive fired, onIdle not yet). */
  wanted: boolean;
  idleTimer: NodeJS.Timeout | undefined;
}

export class StreamHub {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly opts: StreamHubOptions = {}) {}

  /**
   * A frame from the terminal. A stream nobody watches yet is created (the upstream may arrive before the viewer's
   * request completes) and caches its GOP for whoever comes.
   */
  publish(key: StreamKey, frame: MediaFrame): void {
    this.entry(key).stream.publish(frame);
  }

  addViewer(key: StreamKey, target: ViewerTarget): ViewerHandle {
    return this.entry(key).stream.addViewer(target);
  }

  addAudioListener(key: StreamKey, fn: (frame: PcmFrame) => void): () => void {
    return this.entry(key).stream.addAudioListener(fn);
  }

  /** The upstream ended (media connection closed): its viewers are closed and the stream forgotten. */
  end(key: StreamKey): void {
    const id = streamKeyId(key);
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    if (e.idleTimer) clearTimeout(e.idleTimer);
    e.stream.end();
  }

  /** Viewers + audio listeners of the stream now (0 when there is none). */
  audienceOf(key: StreamKey): number {
    return this.entries.get(streamKeyId(key))?.stream.audienceSize ?? 0;
  }

  /** The newest video frame's FLV time and terminal timestamp (docs/media.md "Latency"). */
  lastVideo(key: StreamKey): { streamMs: number; sourceMs: number | undefined } | undefined {
    return this.entries.get(streamKeyId(key))?.stream.lastVideo;
  }

  has(key: StreamKey): boolean {
    return this.entries.has(streamKeyId(key));
  }

  streamStats(key: StreamKey): LiveStreamStats | undefined {
    return this.entries.get(streamKeyId(key))?.stream.stats();
  }

  stats(): HubStats {
    const s: HubStats = {
      streams: this.entries.size,
      viewers: 0,
      videoFramesIn: 0,
      audioFramesIn: 0,
      bytesOut: 0,
      droppedViewers: 0,
      skippedTags: 0,
    };
    for (const { stream } of this.entries.values()) {
      const t = stream.stats();
      s.viewers += t.viewers;
      s.videoFramesIn += t.videoFramesIn;
      s.audioFramesIn += t.audioFramesIn;
      s.bytesOut += t.bytesOut;
      s.droppedViewers += t.droppedViewers;
      s.skippedTags += t.skippedTags;
    }
    return s;
  }

  private entry(key: StreamKey): Entry {
    const id = streamKeyId(key);
    let e = this.entries.get(id);
    if (!e) {
      const created: Entry = {
        key: { ...key },
        stream: new LiveStream(this.opts, (count) => this.audienceChanged(created, count)),
        wanted: false,
        idleTimer: undefined,
      };
      e = created;
      this.entries.set(id, e);
    }
    return e;
  }

  private audienceChanged(e: Entry, count: number): void {
    if (count > 0) {
      if (e.idleTimer) {
        clearTimeout(e.idleTimer);
        e.idleTimer = undefined;
      }
      if (!e.wanted) {
        e.wanted = true;
        this.opts.onActive?.(e.key);
      }
      return;
    }
    if (!e.wanted || e.idleTimer) return;
    const release = (): void => {
      e.idleTimer = undefined;
      if (!e.wanted || e.stream.audienceSize > 0) return;
      e.wanted = false;
      this.opts.onIdle?.(e.key);
    };
    const delay = this.opts.idleDelayMs ?? 0;
    if (delay > 0) e.idleTimer = setTimeout(release, delay);
    else release();
  }
}
