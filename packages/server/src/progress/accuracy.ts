/**
 * Scores detected station events against ground truth: share of station visits detected and arrival/departure
 * time errors. Input shapes are plain so the same function scores the synthetic drive in the tests and the fleet
 * simulator's recorded truth (one JSON object per visit).
 */

export interface TruthVisit {
  vehicleId: string;
  routeCode: string;
  direction: number;
  serial: number;
  /** Epoch s; null when the truth has no such time (e.g. the origin's arrival). */
  arrival: number | null;
  departure: number | null;
}

export interface DetectedEvent {
  vehicleId: string;
  routeCode: string;
  direction: number;
  serial: number;
  /** 1 arrival, 2 departure. */
  flag: number;
  eventTime: number;
}

export interface AccuracyReport {
  visits: number;
  /** Visits with a matching arrival (or, for truths without an arrival time, a departure). */
  detected: number;
  detectedShare: number;
  arrivals: ErrorStats;
  departures: ErrorStats;
  /** Detected events no truth visit claimed (duplicates, phantom visits, times the truth leaves null). */
  unmatched: number;
  unmatchedEvents: DetectedEvent[];
}

export interface ErrorStats {
  count: number;
  /** Median and 90th percentile of |detected - truth|, seconds. */
  medianAbs: number;
  p90Abs: number;
  /** Mean of detected - truth: negative means events come early. */
  meanSigned: number;
}

/**
 * Each truth time claims the nearest unclaimed detected event of the same vehicle, line, direction, serial and flag
 * within `window` seconds; claimed events cannot count twice, so duplicates show up as unmatched.
 */
export function measureAccuracy(truth: TruthVisit[], detected: DetectedEvent[], window = 120): AccuracyReport {
  const pools = new Map<string, { time: number; used: boolean; event: DetectedEvent }[]>();
  for (const e of detected) {
    const key = `${e.vehicleId}|${e.routeCode}|${e.direction}|${e.serial}|${e.flag}`;
    let pool = pools.get(key);
    if (!pool) {
      pool = [];
      pools.set(key, pool);
    }
    pool.push({ time: e.eventTime, used: false, event: e });
  }
  const claim = (v: TruthVisit, flag: number, time: number | null): number | null => {
    if (time === null) return null;
    const pool = pools.get(`${v.vehicleId}|${v.routeCode}|${v.direction}|${v.serial}|${flag}`);
    if (!pool) return null;
    let best: { time: number; used: boolean; event: DetectedEvent } | null = null;
    for (const c of pool) {
      if (c.used || Math.abs(c.time - time) > window) continue;
      if (!best || Math.abs(c.time - time) < Math.abs(best.time - time)) best = c;
    }
    if (!best) return null;
    best.used = true;
    return best.time - time;
  };
  const arrivalErrors: number[] = [];
  const departureErrors: number[] = [];
  let found = 0;
  for (const v of truth) {
    const a = claim(v, 1, v.arrival);
    const d = claim(v, 2, v.departure);
    if (a !== null) arrivalErrors.push(a);
    if (d !== null) departureErrors.push(d);
    if (a !== null || (v.arrival === null && d !== null)) found++;
  }
  const unmatchedEvents: DetectedEvent[] = [];
  for (const pool of pools.values()) for (const c of pool) if (!c.used) unmatchedEvents.push(c.event);
  return {
    visits: truth.length,
    detected: found,
    detectedShare: truth.length ? found / truth.length : 1,
    arrivals: errorStats(arrivalErrors),
    departures: errorStats(departureErrors),
    unmatched: unmatchedEvents.length,
    unmatchedEvents,
  };
}

export function errorStats(errors: number[]): ErrorStats {
  if (errors.length === 0) return { count: 0, medianAbs: 0, p90Abs: 0, meanSigned: 0 };
  const abs = errors.map(Math.abs).sort((a, b) => a - b);
  const at = (q: number) => abs[Math.min(abs.length - 1, Math.floor(q * abs.length))]!;
  return {
    count: errors.length,
    medianAbs: at(0.5),
    p90Abs: at(0.9),
    meanSigned: errors.reduce((s, e) => s + e, 0) / errors.length,
  };
}
