import type { RecordRow } from '../api';

// The VOD timeline: one day as a horizontal 24 h bar with the recordings as segments. Times are epoch seconds;
// `dayStart` is the local midnight the bar begins at. A recording crossing midnight is clipped to the bar.

export const DAY_SECONDS = 86_400;

export interface TimelineSegment {
  row: RecordRow;
  /** Percent of the bar. */
  left: number;
  width: number;
}

export function segmentsOnDay(rows: readonly RecordRow[], dayStart: number): TimelineSegment[] {
  const dayEnd = dayStart + DAY_SECONDS;
  const out: TimelineSegment[] = [];
  for (const row of rows) {
    const from = Math.max(row.start_time, dayStart);
    const to = Math.min(row.end_time, dayEnd);
    if (to <= from) continue;
    out.push({ row, left: ((from - dayStart) / DAY_SECONDS) * 100, width: ((to - from) / DAY_SECONDS) * 100 });
  }
  return out.sort((a, b) => a.left - b.left);
}

/** The time at a fraction (0–1) of the bar, whole seconds. */
export function timeAt(fraction: number, dayStart: number): number {
  return dayStart + Math.round(Math.max(0, Math.min(1, fraction)) * DAY_SECONDS);
}

/** The recording under `time` (the first that holds it), for a click on the bar. */
export function recordingAt(rows: readonly RecordRow[], time: number): RecordRow | undefined {
  return rows.find((r) => r.start_time <= time && time < r.end_time);
}

/** Hour ticks for the bar's scale. */
export function hourTicks(step = 3): { hour: number; left: number }[] {
  const ticks: { hour: number; left: number }[] = [];
  for (let hour = 0; hour <= 24; hour += step) ticks.push({ hour, left: (hour / 24) * 100 });
  return ticks;
}
