/**
 * Turns a terminal's 1078 packet timestamps (ms on the terminal's own clock, JT/T 1078 table 19) into stream
 * timestamps: relative to the stream's first frame, one base for video and audio (so they stay in sync), and never
 * decreasing within a track, because MSE rejects a decode time that goes back and players stall on it. Tracks are
 * monotonic separately: a terminal interleaves audio stamped ahead of the video it sends next.
 */
export interface TimelineOptions {
  /** A backward step larger than this is a clock reset (terminal restart, wrap): rebase. Default 1000 ms. */
  resetBackwardMs?: number;
  /** A forward step larger than this is also a reset (bogus clock), not a pause. Default 60 000 ms. */
  resetForwardMs?: number;
  /** Step used after a rebase. Default 40 ms (25 fps). */
  defaultStepMs?: number;
}

export type Track = 'video' | 'audio';

export class Timeline {
  private base: number | undefined;
  private readonly last: Record<Track, number> = { video: -1, audio: -1 };
  private readonly back: number;
  private readonly fwd: number;
  private readonly step: number;
  /** Times the terminal clock jumped and the timeline was rebased. */
  resets = 0;

  constructor(opts: TimelineOptions = {}) {
    this.back = opts.resetBackwardMs ?? 1000;
    this.fwd = opts.resetForwardMs ?? 60_000;
    this.step = opts.defaultStepMs ?? 40;
  }

  /** Stream ms for a terminal timestamp; a frame without one takes its track's last time. */
  map(raw: number | undefined, track: Track = 'video'): number {
    const last = this.last[track];
    if (raw === undefined) return Math.max(last, 0);
    if (this.base === undefined) this.base = raw;
    const t = raw - this.base;
    if (last >= 0 && (t < last - this.back || t > last + this.fwd)) {
      // Clock reset: continue one step after this track's last time, and move the shared base with it.
      this.resets++;
      const next = last + this.step;
      this.base = raw - next;
      this.last[track] = next;
      return next;
    }
    // Small backward jitter: clamp.
    if (t < last) return last;
    this.last[track] = Math.max(t, 0);
    return this.last[track];
  }
}
