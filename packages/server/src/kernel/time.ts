// One clock for the whole server so tests can move time (token expiry, lockout windows, skew).
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** 10-digit epoch seconds: the unit every API time travels in (spec section 3). */
export function epochSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  constructor(private ms: number = Date.now()) {}
  now(): number {
    return this.ms;
  }
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}
