// The scheduled headway at a moment, from the scheduled departures at the origin (docs/line-map.md "Headways").

/** Departures this close to the moment (either side) decide its scheduled headway. */
export const SCHEDULE_WINDOW_SECONDS = 1800;

/** A gap this long between two departures is a break in service (overnight, midday), not a headway. */
export const SERVICE_BREAK_SECONDS = 2 * 3600;

/**
 * The median gap between consecutive scheduled departures (epoch seconds, sorted) among the gaps that overlap
 * `at` ± 30 min; null outside service. Two trips leaving at the same second (a branch and the main line) count as
 * one departure. The median, not the mean, so one odd gap at a peak's edge does not move it.
 */
export function scheduledHeadwayAt(times: readonly number[], at: number): number | null {
  const from = at - SCHEDULE_WINDOW_SECONDS;
  const to = at + SCHEDULE_WINDOW_SECONDS;
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) {
    const a = times[i - 1] ?? 0;
    const b = times[i] ?? 0;
    if (b < from || a > to) continue;
    const gap = b - a;
    if (gap > 0 && gap <= SERVICE_BREAK_SECONDS) gaps.push(gap);
  }
  return gaps.length === 0 ? null : Math.round(median(gaps));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
