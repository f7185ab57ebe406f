import { encodeRtpPacket, RtpDataType, type RtpPacket } from '@headway/protocol';
import type { CaptureClip, ClipPacket } from './capture.ts';

/** Where the packets go: a TCP socket in the simulator (its `writableLength` is the backlog Node holds). */
export interface MediaSink {
  write(chunk: Uint8Array): boolean;
  readonly writableLength: number;
}

export interface Tracks {
  audio: boolean;
  video: boolean;
}

export interface StreamerOptions {
  clip: CaptureClip;
  /** SIM digits written into every packet (the terminal's phone). */
  sim: string;
  /** SIM field width in bytes (table 19: 6; the 2019-style variant: 10). */
  simLength: 6 | 10;
  /** Logical channel written into every packet (the requested one, whatever the capture's was). */
  channel: number;
  tracks: Tracks;
  /** Capture ms per wall ms: 1 is real time; tests go faster. */
  pace?: number;
  /** Backlog above which packets are dropped and video resumes at the next I-frame. Default 256 KiB (~3.5 s). */
  maxBufferedBytes?: number;
  /**
   * Live (default): the clock runs on while paused and resume picks up at the live position. Playback: the
   * position freezes while paused and resume continues from the same packet.
   */
  live?: boolean;
  /** Playback: stop after this many capture ms (the recording's length) and call `onEnd`. */
  limitMs?: number;
  /** The limit was reached. */
  onEnd?: () => void;
  now?: () => number;
}

/** Capture audio stays muted this long (wall ms) after the last echoed packet: the talker hears one voice. */
const ECHO_HOLD_MS = 1000;

/** Packets handled per timer turn at most, so a high pace cannot hold the event loop. */
const BATCH = 500;

/**
 * Plays a clip to a sink as a terminal's camera would: each packet at its own timestamp (relative to the start),
 * round after round with the timestamps continuing (round × period added) and sequence numbers running on, the SIM
 * and channel rewritten. The clock runs on while paused, as a camera's does: resume picks up at the live position.
 * Whenever video packets were missed (pause, or a backlog over the limit rather than growing memory) video waits
 * for the next I-frame, so the decoder on the other side never sees a P-frame without its reference.
 */
export class CaptureStreamer {
  readonly stats = { packetsSent: 0, bytesSent: 0, packetsSkipped: 0, rounds: 0 };
  private pace: number;
  /** Playback modes that send I-frames only (key frames only, key-frame rewind). */
  private keyframesOnly = false;
  private readonly maxBuffered: number;
  private readonly now: () => number;
  private tracks: Tracks;
  private t0 = 0;
  private index = 0;
  private round = 0;
  private seq = 0;
  private waitKeyframe = false;
  private timer: NodeJS.Timeout | null = null;
  private state: 'idle' | 'playing' | 'paused' | 'stopped' = 'idle';
  /** Wall ms until which the capture's audio gives way to echoed talk audio. */
  private echoUntil = 0;
  /** Capture ms at the pause (playback resumes there). */
  private pausedAt = 0;

  constructor(
    private readonly sink: MediaSink,
    private readonly options: StreamerOptions,
  ) {
    this.pace = options.pace ?? 1;
    this.maxBuffered = options.maxBufferedBytes ?? 256 * 1024;
    this.now = options.now ?? Date.now;
    this.tracks = { ...options.tracks };
  }

  get paused(): boolean {
    return this.state === 'paused';
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'playing';
    this.t0 = this.now();
    this.pump();
  }

  pause(): void {
    if (this.state !== 'playing') return;
    this.state = 'paused';
    this.pausedAt = this.elapsed();
    this.clearTimer();
  }

  resume(): void {
    if (this.state !== 'paused') return;
    this.state = 'playing';
    if (this.options.live === false) this.t0 = this.now() - this.pausedAt / this.pace;
    else {
      this.seek(this.elapsed());
      this.waitKeyframe = this.tracks.video;
    }
    this.pump();
  }

  /** Changes the speed (playback fast-forward) without a jump in position. */
  setPace(pace: number): void {
    const elapsed = this.state === 'paused' ? this.pausedAt : this.elapsed();
    this.pace = pace;
    this.t0 = this.now() - elapsed / pace;
    if (this.state === 'playing') {
      this.clearTimer();
      this.pump();
    }
  }

  /** Playback: I-frames only (and no audio), or back to everything. */
  setKeyframesOnly(on: boolean): void {
    this.keyframesOnly = on;
    if (on) this.waitKeyframe = this.tracks.video;
  }

  /** Playback seek: continue from `ms` capture ms after the start, at the next I-frame. */
  seekTo(ms: number): void {
    this.t0 = this.now() - ms / this.pace;
    this.pausedAt = ms;
    this.seek(ms);
    this.waitKeyframe = this.tracks.video;
    if (this.state === 'playing') {
      this.clearTimer();
      this.pump();
    }
  }

  /**
   * Two-way talk: sends back an audio packet the platform sent, as this stream's (SIM, channel, sequence, and the
   * stream's current time so the audio track stays monotonic). The capture's audio pauses meanwhile.
   */
  echo(packet: RtpPacket): void {
    if (this.state !== 'playing' || packet.dataType !== RtpDataType.audio || !this.tracks.audio) return;
    this.echoUntil = this.now() + ECHO_HOLD_MS;
    this.write({ ...packet, timestamp: Math.round(this.elapsed()) });
  }

  /** Narrows what is sent (0x9102 close audio / close video). */
  setTracks(tracks: Tracks): void {
    this.tracks = { ...tracks };
  }

  stop(): void {
    this.state = 'stopped';
    this.clearTimer();
  }

  private readonly pump = (): void => {
    this.timer = null;
    if (this.state !== 'playing') return;
    const { packets, period } = this.options.clip;
    const elapsed = this.elapsed();
    let wait = 0;
    for (let n = 0; n < BATCH; n++) {
      const due = this.round * period + packets[this.index]!.due;
      if (this.options.limitMs !== undefined && due > this.options.limitMs) {
        this.stop();
        this.options.onEnd?.();
        return;
      }
      if (due > elapsed) {
        wait = (due - elapsed) / this.pace;
        break;
      }
      this.emit(packets[this.index]!);
      if (++this.index === packets.length) {
        this.index = 0;
        this.round++;
        this.stats.rounds++;
      }
    }
    this.timer = setTimeout(this.pump, wait);
  };

  private emit(cp: ClipPacket): void {
    const p = cp.packet;
    const video = p.dataType <= RtpDataType.bFrame;
    const wanted = video ? this.tracks.video : p.dataType === RtpDataType.audio ? this.tracks.audio : false;
    if (!wanted) return;
    if (this.keyframesOnly && p.dataType !== RtpDataType.iFrame) return;
    if (!video && this.now() < this.echoUntil) return;
    if (this.sink.writableLength > this.maxBuffered) {
      this.waitKeyframe = this.tracks.video;
      this.stats.packetsSkipped++;
      return;
    }
    if (video && this.waitKeyframe) {
      if (!cp.keyframeStart) {
        this.stats.packetsSkipped++;
        return;
      }
      this.waitKeyframe = false;
    }
    const timestamp = p.timestamp === undefined ? undefined : p.timestamp + this.round * this.options.clip.period;
    this.write({ ...p, timestamp });
  }

  private write(p: RtpPacket): void {
    const bytes = encodeRtpPacket(
      { ...p, sim: this.options.sim, channel: this.options.channel, seq: this.seq },
      { simLength: this.options.simLength },
    );
    this.seq = (this.seq + 1) & 0xffff;
    this.stats.packetsSent++;
    this.stats.bytesSent += bytes.length;
    this.sink.write(bytes);
  }

  /** Capture ms since the start. */
  private elapsed(): number {
    return (this.now() - this.t0) * this.pace;
  }

  /** Moves to the first packet due at or after `elapsed` (capture ms since the start). */
  private seek(elapsed: number): void {
    const { packets, period } = this.options.clip;
    this.round = Math.floor(elapsed / period);
    const offset = elapsed - this.round * period;
    const i = packets.findIndex((p) => p.due >= offset);
    if (i >= 0) this.index = i;
    else {
      this.index = 0;
      this.round++;
    }
    this.stats.rounds = this.round;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
