import { wallClockDate } from '../companies/time-zone.ts';

// GTFS service days in a company's time zone. A trip's times count from "noon minus 12 h" of its service day
// (GTFS reference, stop_times.txt), which is local midnight except on the days clocks change; times may pass
// 24:00:00 for trips that run after midnight, so a moment can belong to two service days (today's and
// yesterday's late trips).

const DATE = /^(\d{4})(\d{2})(\d{2})$/;

function parts(date: string): { year: number; month: number; day: number } | undefined {
  const m = DATE.exec(date);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  return { year, month, day };
}

/** A real calendar date written YYYYMMDD (20260230 is not). */
export function isServiceDate(date: string): boolean {
  return parts(date) !== undefined && date >= '19700101';
}

/** Epoch milliseconds of the zone's wall clock read as UTC. */
function wallClockMs(epochSeconds: number, zone: string): number {
  return wallClockDate(epochSeconds, zone).getTime();
}

/** Seconds the zone is ahead of UTC at that moment. */
function offsetSeconds(epochSeconds: number, zone: string): number {
  return Math.round(wallClockMs(epochSeconds, zone) / 1000) - epochSeconds;
}

/** The local date (YYYYMMDD) of a moment in the zone. */
export function localDate(epochSeconds: number, zone: string): string {
  const d = new Date(wallClockMs(epochSeconds, zone));
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** Epoch seconds of the service day's time 0: local noon minus 12 hours. */
export function serviceDayStart(date: string, zone: string): number {
  const p = parts(date);
  if (!p) throw new RangeError(`not a date: ${date}`);
  const noonAsUtc = Date.UTC(p.year, p.month - 1, p.day, 12) / 1000;
  // Clocks never change at noon, so the offset found near it is noon's.
  const noon = noonAsUtc - offsetSeconds(noonAsUtc - offsetSeconds(noonAsUtc, zone), zone);
  return noon - 12 * 3600;
}

/** The date `days` after (or before) `date`. */
export function addDays(date: string, days: number): string {
  const p = parts(date);
  if (!p) throw new RangeError(`not a date: ${date}`);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** 0 Monday … 6 Sunday: the order of GTFS calendar.txt's day columns and of services.weekdays. */
export function weekdayOf(date: string): number {
  const p = parts(date);
  if (!p) throw new RangeError(`not a date: ${date}`);
  return (new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7;
}
