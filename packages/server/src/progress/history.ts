/**
 * Learned segment times: for each direction, seconds from arrival at station k to arrival at k+1 (running time
 * plus the dwell at k), as an EWMA of observed traversals seeded with the schedule or the default speed. One
 * history per line is shared by every vehicle on it, so a bus learns from the ones ahead of it.
 */

import type { CompiledLine } from './compile.ts';

export interface DirectionHistory {
  seconds: Float64Array;
  /** Observations so far (0: still the prior). */
  count: Uint32Array;
  /** suffix[k] = sum of seconds[k..]: the rest of the trip from station k, kept current on each observation. */
  suffix: Float64Array;
}

export interface LineHistory {
  directions: DirectionHistory[];
}

/** Plain form for persisting the history between restarts. */
export interface SegmentTimes {
  routeCode: string;
  directions: { direction: number; seconds: number[]; count: number[] }[];
}

export function createHistory(line: CompiledLine): LineHistory {
  return {
    directions: line.directions.map((d) => {
      const seconds = Float64Array.from(d.segmentPrior);
      const h = {
        seconds,
        count: new Uint32Array(seconds.length),
        suffix: new Float64Array(seconds.length + 1),
      };
      recomputeSuffix(h);
      return h;
    }),
  };
}

/**
 * Folds one observed traversal in. The prior counts for nothing once a real traversal is seen (the first replaces
 * it, the next few are averaged at 1/count) so a fresh line converges at once from a poor prior; afterwards the
 * EWMA tracks changing traffic. Outliers (a breakdown, a driver's break)
 * are dropped rather than averaged in.
 */
export function learnSegment(h: DirectionHistory, segment: number, observed: number, alpha: number): boolean {
  const current = h.seconds[segment];
  if (current === undefined || !(observed > 0)) return false;
  if (observed > current * 4 + 60 || observed < current / 4 - 10) return false;
  const n = h.count[segment]!;
  const w = Math.max(alpha, 1 / (n + 1));
  h.seconds[segment] = current + w * (observed - current);
  h.count[segment] = n + 1;
  recomputeSuffix(h);
  return true;
}

function recomputeSuffix(h: DirectionHistory): void {
  const n = h.seconds.length;
  h.suffix[n] = 0;
  for (let k = n - 1; k >= 0; k--) h.suffix[k] = h.suffix[k + 1]! + h.seconds[k]!;
}

export function exportHistory(line: CompiledLine, history: LineHistory): SegmentTimes {
  return {
    routeCode: line.routeCode,
    directions: line.directions.map((d, i) => ({
      direction: d.direction,
      seconds: [...history.directions[i]!.seconds],
      count: [...history.directions[i]!.count],
    })),
  };
}

/** Restores saved times onto a line; directions whose station count changed keep their priors. */
export function importHistory(line: CompiledLine, history: LineHistory, saved: SegmentTimes): void {
  line.directions.forEach((d, i) => {
    const s = saved.directions.find((x) => x.direction === d.direction);
    const h = history.directions[i]!;
    if (!s || s.seconds.length !== h.seconds.length) return;
    h.seconds.set(s.seconds);
    h.count.set(s.count);
    recomputeSuffix(h);
  });
}
