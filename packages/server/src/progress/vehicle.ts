/** What the engine remembers per vehicle between reports. Plain mutable fields, one object per vehicle. */

import type { DeviationState } from './deviation.ts';

export interface TripPlan {
  direction: 1 | 2;
  /** Planned departure from the origin and arrival at the terminal, epoch s. */
  pdt: number;
  pat: number;
}

export interface VehicleProgress {
  routeCode: string;
  matched: boolean;
  dirIndex: number;
  /** Progress along the direction: the furthest matched point of this trip (backward jitter held). */
  along: number;
  /** Time of the last report that matched on the path (the `along` above held until then). */
  time: number;
  /** Reported speed (m/s) at `time`. */
  timeSpeed: number;
  offset: number;
  /** Next zone threshold not yet crossed: 2k = arrival at station k, 2k+1 = departure from it. */
  pointer: number;
  /** Index of the last station reached, -1 none this trip. */
  stationIndex: number;
  arrivalTime: number;
  departureTime: number;
  /** Departure from the origin this trip (0 not yet). */
  tripDeparture: number;
  /** Last arrival used to learn segment times; -1 when the chain was broken (gap, deviation, reset). */
  learnIndex: number;
  learnTime: number;
  backward: number;
  /** The last report jumped implausibly far ahead; the next one decides whether it was real. */
  jumpPending: boolean;
  switchDir: number;
  switchVotes: number;
  deviation: DeviationState;
  /** Smoothed speed, m/s. */
  speed: number;
  /** When the vehicle last became stationary (0 while moving). */
  stillSince: number;
  lastReport: number;
  plan: TripPlan | null;
  /**
   * On a variant stretch off the main path (variants.ts): the main-path along where it rejoins, else -1. Progress
   * is held meanwhile; the last report on the stretch (time, speed, metres left to the rejoin) times what follows.
   */
  variantRejoin: number;
  /** Consecutive reports on variant stretches: one alone is as likely a multipath fix and changes nothing. */
  variantReports: number;
  variantToRejoin: number;
  variantTime: number;
  variantSpeed: number;
}

export function createVehicle(routeCode: string): VehicleProgress {
  return {
    routeCode,
    matched: false,
    dirIndex: 0,
    along: 0,
    time: 0,
    timeSpeed: 0,
    offset: Number.POSITIVE_INFINITY,
    pointer: 0,
    stationIndex: -1,
    arrivalTime: 0,
    departureTime: 0,
    tripDeparture: 0,
    learnIndex: -1,
    learnTime: 0,
    backward: 0,
    jumpPending: false,
    switchDir: -1,
    switchVotes: 0,
    deviation: { deviating: false, off: 0, on: 0 },
    speed: 0,
    stillSince: 0,
    lastReport: 0,
    plan: null,
    variantRejoin: -1,
    variantReports: 0,
    variantToRejoin: 0,
    variantTime: 0,
    variantSpeed: 0,
  };
}
