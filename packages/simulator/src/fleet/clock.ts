/**
 * The simulation's clock. Real time by default; a warp factor runs the schedule faster than the wall clock
 * (tests drive an hour of service in seconds) while terminals still report on real-time intervals.
 */
export interface SimClock {
  /** Simulated epoch milliseconds. */
  now(): number;
}

export function realClock(): SimClock {
  return { now: () => Date.now() };
}

export function warpedClock(startEpochMs: number, warp: number, wall: () => number = Date.now): SimClock {
  const wallStart = wall();
  return { now: () => startEpochMs + (wall() - wallStart) * warp };
}
