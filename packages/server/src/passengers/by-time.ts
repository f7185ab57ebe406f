import { formatLocalTime } from '../companies/time-zone.ts';
import type { CountChange } from './counters.ts';

// Passengers per hour of the company's wall clock (docs/passengers.md "By time"): a change counts in the hour of
// the report that showed it. The hours run without holes from the first report's hour to the last one's, so a
// chart's axis is continuous; with no report there is no hour at all.

export interface HourTally {
  /** `YYYY-MM-DD HH:00` in the zone. */
  time_frame: string;
  up: number;
  down: number;
}

const QUARTER = 900;

/**
 * Labels an instant with its hour in the zone. Every zone's offset is a whole number of quarter hours, so one
 * label per quarter hour of epoch time is exact; memoised, as a week has a few hundred of them.
 */
export function hourLabeller(zone: string): (epochSeconds: number) => string {
  const memo = new Map<number, string>();
  return (t) => {
    const q = Math.floor(t / QUARTER);
    let label = memo.get(q);
    if (label === undefined) {
      label = `${formatLocalTime(q * QUARTER, zone).slice(0, 13)}:00`;
      memo.set(q, label);
    }
    return label;
  };
}

/**
 * Tallies the changes per hour, from the hour of `first` to the hour of `last` (the first and last reports read).
 * A wall-clock hour lived twice (daylight saving ends) is one row; one skipped (it starts) has none.
 */
export function tallyByHour(
  changes: readonly CountChange[],
  span: { first: number; last: number } | null,
  zone: string,
): HourTally[] {
  if (!span) return [];
  const label = hourLabeller(zone);
  const hours = new Map<string, HourTally>();
  // Quarter-hour steps visit every hour of the wall clock whatever the zone's offset.
  for (let q = Math.floor(span.first / QUARTER); q <= Math.floor(span.last / QUARTER); q++) {
    const time_frame = label(q * QUARTER);
    if (!hours.has(time_frame)) hours.set(time_frame, { time_frame, up: 0, down: 0 });
  }
  for (const c of changes) {
    const time_frame = label(c.time);
    let h = hours.get(time_frame);
    if (!h) {
      h = { time_frame, up: 0, down: 0 };
      hours.set(time_frame, h);
    }
    h.up += c.up;
    h.down += c.down;
  }
  // Insertion order is time order except after a repeated hour (fall back); labels sort as times.
  return [...hours.values()].sort((a, b) => (a.time_frame < b.time_frame ? -1 : a.time_frame > b.time_frame ? 1 : 0));
}
