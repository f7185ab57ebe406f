import { EMULATED_STEP_MS, EMULATED_VANISH_SECONDS } from '@headway/spec';

// The emulated replay's player (product spec section 4 "Emulated replay", section 9 "Replay"), without React or
// timers of its own: station events in time order, one applied per step. After a load with events it plays;
// pause toggles; speed 1–5 is EMULATED_STEP_MS per step; seeking clears and redraws every event up to the
// position; a vehicle disappears once an event more than EMULATED_VANISH_SECONDS newer than its last is applied.

/** The fields of a departure/arrival event the replay reads (spec "Departure/arrival event"). */
export interface ReplayEvent {
  id: number;
  car_id: number;
  car_name: string;
  imei: string;
  direction: number;
  serial: number;
  station_name: string;
  /** 1 arrival, 2 departure. */
  flag: number;
  event_time: number;
}

export type ReplaySpeed = 1 | 2 | 3 | 4 | 5;

export interface ReplaySnapshot {
  /** Events applied so far, 0 … total (the position slider's value). */
  position: number;
  total: number;
  playing: boolean;
  speed: ReplaySpeed;
  /** Each vehicle still shown with its last applied event, by car id. */
  vehicles: ReadonlyMap<number, ReplayEvent>;
  /** The last applied event's time, null at position 0. */
  time: number | null;
}

/** Runs `step` after `ms`; the returned function cancels it. Tests pass their own clock. */
export type Schedule = (step: () => void, ms: number) => () => void;

const browserSchedule: Schedule = (step, ms) => {
  const timer = setTimeout(step, ms);
  return () => clearTimeout(timer);
};

export function stepMs(speed: ReplaySpeed): number {
  return EMULATED_STEP_MS[speed - 1] as number;
}

/** Whether the event is a trip leaving its origin (serial 1, departure): the position slider marks these. */
export function isTripStart(event: Pick<ReplayEvent, 'serial' | 'flag'>): boolean {
  return event.serial === 1 && event.flag === 2;
}

/** The slider positions (after the event) of the trip starts, for the range marks. */
export function tripStartPositions(events: readonly ReplayEvent[]): number[] {
  const marks: number[] = [];
  events.forEach((e, i) => {
    if (isTripStart(e)) marks.push(i + 1);
  });
  return marks;
}

/** Events in replay order: by time, then by id (the order the ingest stored them in within a second). */
export function replayOrder(events: readonly ReplayEvent[]): ReplayEvent[] {
  return [...events].sort((a, b) => a.event_time - b.event_time || a.id - b.id);
}

export class EmulatedReplay {
  private events: readonly ReplayEvent[] = [];
  private shown = new Map<number, ReplayEvent>();
  private position = 0;
  private playing = false;
  private speed: ReplaySpeed = 1;
  private cancel: (() => void) | null = null;
  private snap: ReplaySnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly schedule: Schedule = browserSchedule) {
    this.snap = this.makeSnapshot();
  }

  /** The current state; a new object after every change (for useSyncExternalStore). */
  snapshot = (): ReplaySnapshot => this.snap;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** New search results (in replay order): back to the start, playing when there is anything to play. */
  load(events: readonly ReplayEvent[]): void {
    this.stopTimer();
    this.events = events;
    this.shown = new Map();
    this.position = 0;
    this.playing = events.length > 0;
    this.changed();
    this.arm();
  }

  play(): void {
    if (this.playing || this.events.length === 0) return;
    // Playing from the end starts over.
    if (this.position >= this.events.length) this.redraw(0);
    this.playing = true;
    this.changed();
    this.arm();
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    this.stopTimer();
    this.changed();
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  setSpeed(speed: ReplaySpeed): void {
    if (speed === this.speed) return;
    this.speed = speed;
    this.changed();
    // The next step comes at the new pace.
    if (this.playing) {
      this.stopTimer();
      this.arm();
    }
  }

  /** Moves to `position`: clears the drawing and applies every event before it. Playing goes on from there. */
  seek(position: number): void {
    const to = Math.max(0, Math.min(this.events.length, Math.round(position)));
    this.redraw(to);
    if (this.playing) {
      this.stopTimer();
      if (to >= this.events.length) this.playing = false;
      else this.arm();
    }
    this.changed();
  }

  /** Applies the next event; at the last one playing pauses. Returns whether an event was applied. */
  step(): boolean {
    const event = this.events[this.position];
    if (!event) {
      this.playing = false;
      this.stopTimer();
      this.changed();
      return false;
    }
    this.apply(event);
    this.position++;
    if (this.position >= this.events.length) {
      this.playing = false;
      this.stopTimer();
    }
    this.changed();
    return true;
  }

  /** Stops the timer for good (the window closed). */
  dispose(): void {
    this.stopTimer();
    this.playing = false;
    this.listeners.clear();
  }

  private apply(event: ReplayEvent): void {
    this.shown.delete(event.car_id);
    this.shown.set(event.car_id, event);
    const oldest = event.event_time - EMULATED_VANISH_SECONDS;
    for (const [car, last] of this.shown) if (last.event_time < oldest) this.shown.delete(car);
  }

  private redraw(position: number): void {
    this.shown = new Map();
    // Only each vehicle's last event before the position matters, and whether it is recent enough for the last
    // applied one: the same result as applying them one by one, in one pass.
    for (let i = 0; i < position; i++) {
      const event = this.events[i] as ReplayEvent;
      this.shown.delete(event.car_id);
      this.shown.set(event.car_id, event);
    }
    const last = position > 0 ? this.events[position - 1] : undefined;
    if (last) {
      const oldest = last.event_time - EMULATED_VANISH_SECONDS;
      for (const [car, e] of this.shown) if (e.event_time < oldest) this.shown.delete(car);
    }
    this.position = position;
  }

  private arm(): void {
    if (!this.playing || this.cancel) return;
    this.cancel = this.schedule(() => {
      this.cancel = null;
      if (!this.playing) return;
      this.step();
      this.arm();
    }, stepMs(this.speed));
  }

  private stopTimer(): void {
    this.cancel?.();
    this.cancel = null;
  }

  private changed(): void {
    this.snap = this.makeSnapshot();
    for (const l of this.listeners) l();
  }

  private makeSnapshot(): ReplaySnapshot {
    const last = this.position > 0 ? this.events[this.position - 1] : undefined;
    return {
      position: this.position,
      total: this.events.length,
      playing: this.playing,
      speed: this.speed,
      vehicles: new Map(this.shown),
      time: last?.event_time ?? null,
    };
  }
}
