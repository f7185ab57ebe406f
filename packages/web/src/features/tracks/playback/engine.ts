import { PLAYBACK_INTERVALS_MS } from '@headway/spec';

// The track player without a framework: a timer, a position on the merged timeline, a speed, and per-vehicle
// cursors when several vehicles play at once (their points merged by event time). The screen's pieces subscribe;
// per tick only what moved is told, so a tick costs the same with 60 points or 60,000.

/** What the engine plays: the merged timeline and, per vehicle, where its points sit on it. */
export interface Timeline {
  /** Points on the merged timeline. */
  readonly length: number;
  /** Per position: the vehicle (index into `vehicles`) and that vehicle's point index. */
  readonly vehicleAt: ArrayLike<number>;
  readonly pointAt: ArrayLike<number>;
  /** Per vehicle: the merged positions of its points, ascending. */
  readonly vehicles: readonly { readonly positions: ArrayLike<number> }[];
}

export interface PlaybackState {
  /** Position on the merged timeline, 0 … total − 1 (0 when empty). */
  position: number;
  total: number;
  playing: boolean;
  /** 0 … 4: 1× … 5× (PLAYBACK_INTERVALS_MS). */
  speed: number;
}

/**
 * `step`: the timer moved one point, only `vehicle` moved. `seek`: any vehicle may have moved (load, jump,
 * slider). `state`: play, pause or speed changed; nothing moved.
 */
export type PlaybackChange = { kind: 'step'; vehicle: number } | { kind: 'seek' } | { kind: 'state' };

export type PlaybackListener = (change: PlaybackChange, state: PlaybackState) => void;

export interface PlaybackClock {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: PlaybackClock = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const EMPTY: Timeline = { length: 0, vehicleAt: [], pointAt: [], vehicles: [] };

/** The last index of ascending `values` at or below `target`, −1 when none is. */
export function lastAtOrBelow(values: ArrayLike<number>, target: number): number {
  let lo = 0;
  let hi = values.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) <= target) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export class PlaybackEngine {
  private timeline: Timeline = EMPTY;
  private cursors = new Int32Array(0);
  private state: PlaybackState = { position: 0, total: 0, playing: false, speed: 0 };
  private timer: unknown = null;
  private readonly listeners = new Set<PlaybackListener>();

  constructor(private readonly clock: PlaybackClock = realClock) {}

  /** A new result: position 0, 1×, paused (spec "Track replay": after a query playback starts at 0, speed 1×). */
  load(timeline: Timeline): void {
    this.stopTimer();
    this.timeline = timeline;
    this.cursors = new Int32Array(timeline.vehicles.length);
    this.state = { position: 0, total: timeline.length, playing: false, speed: 0 };
    this.placeCursors(0);
    this.emit({ kind: 'seek' });
  }

  get snapshot(): PlaybackState {
    return this.state;
  }

  /** The vehicle's current point index: its last point at or before the position, −1 before its first. */
  cursor(vehicle: number): number {
    return this.cursors[vehicle] ?? -1;
  }

  /** The vehicle whose point is at `position`. */
  vehicleAt(position: number): number {
    return (this.timeline.vehicleAt[position] as number | undefined) ?? -1;
  }

  subscribe(listener: PlaybackListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  play(): void {
    const { total, position, playing } = this.state;
    if (playing || total === 0) return;
    // Play at the end starts over, as a media player does.
    if (position >= total - 1) {
      if (total === 1) return;
      this.state = { ...this.state, position: 0 };
      this.placeCursors(0);
      this.emit({ kind: 'seek' });
    }
    this.state = { ...this.state, playing: true };
    this.schedule();
    this.emit({ kind: 'state' });
  }

  pause(): void {
    if (!this.state.playing) return;
    this.stopTimer();
    this.state = { ...this.state, playing: false };
    this.emit({ kind: 'state' });
  }

  toggle(): void {
    if (this.state.playing) this.pause();
    else this.play();
  }

  /** 0 … 4 (1× … 5×); while playing, the next step comes at the new pace. */
  setSpeed(speed: number): void {
    const clamped = Math.max(0, Math.min(PLAYBACK_INTERVALS_MS.length - 1, Math.round(speed)));
    if (clamped === this.state.speed) return;
    this.state = { ...this.state, speed: clamped };
    if (this.state.playing) {
      this.stopTimer();
      this.schedule();
    }
    this.emit({ kind: 'state' });
  }

  /** Jumps to `position` (slider, table); playing goes on from there. */
  seek(position: number): void {
    const { total } = this.state;
    if (total === 0) return;
    const p = Math.max(0, Math.min(total - 1, Math.round(position)));
    if (p === this.state.position) return;
    this.state = { ...this.state, position: p };
    this.placeCursors(p);
    this.emit({ kind: 'seek' });
  }

  /** The merged position of a vehicle's point (table rows of one vehicle, marker clicks). */
  positionOf(vehicle: number, point: number): number {
    return (this.timeline.vehicles[vehicle]?.positions[point] as number | undefined) ?? -1;
  }

  dispose(): void {
    this.stopTimer();
    this.listeners.clear();
  }

  private schedule(): void {
    const ms = PLAYBACK_INTERVALS_MS[this.state.speed] ?? PLAYBACK_INTERVALS_MS[0];
    this.timer = this.clock.setTimeout(() => this.step(), ms);
  }

  private step(): void {
    this.timer = null;
    const next = this.state.position + 1;
    if (next >= this.state.total) {
      this.state = { ...this.state, playing: false };
      this.emit({ kind: 'state' });
      return;
    }
    const vehicle = this.timeline.vehicleAt[next] as number;
    this.cursors[vehicle] = this.timeline.pointAt[next] as number;
    // Spec: at the last point it pauses.
    const last = next === this.state.total - 1;
    this.state = { ...this.state, position: next, playing: !last };
    if (!last) this.schedule();
    this.emit({ kind: 'step', vehicle });
    if (last) this.emit({ kind: 'state' });
  }

  private placeCursors(position: number): void {
    this.timeline.vehicles.forEach((v, i) => {
      this.cursors[i] = lastAtOrBelow(v.positions, position);
    });
  }

  private stopTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private emit(change: PlaybackChange): void {
    for (const listener of this.listeners) listener(change, this.state);
  }
}
