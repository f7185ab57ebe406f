import type { Kysely } from 'kysely';
import { parseJson } from '../store/json.ts';
import type { Database } from '../store/schema.ts';

// The company's time zone (companies.config.time_zone). Times leave the server as epoch seconds except where a
// person reads them without a browser to convert them (a mail, a spreadsheet) and where the company's day matters
// (a GTFS service day, passengers per hour): there they are counted or written in one named zone.

/** The IANA zone if the runtime knows it, else undefined. */
export function knownTimeZone(zone: unknown): string | undefined {
  if (typeof zone !== 'string' || zone.trim() === '' || zone.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * The company's zone: `time_zone` (IANA, e.g. "Asia/Bangkok") in companies.config, which nothing sets yet but an
 * operator can; UTC otherwise. docs/alarms.md "Mail notices".
 */
export function companyTimeZone(companyConfig: string): string {
  return knownTimeZone(parseJson<{ time_zone?: unknown }>(companyConfig, {}).time_zone) ?? 'UTC';
}

/** The zone of a company by id (UTC when unset or unknown). */
export async function companyZone(db: Kysely<Database>, companyId: number): Promise<string> {
  const row = await db.selectFrom('companies').select('config').where('id', '=', companyId).executeTakeFirst();
  return companyTimeZone(row?.config ?? '{}');
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    formatters.set(zone, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** "GMT+07:00" (spec: offsets shown as GMT±hh:mm); "GMT" for UTC itself. */
  offset: string;
}

function wallClock(epochSeconds: number, zone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(new Date(epochSeconds * 1000))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    offset: parts.timeZoneName === 'GMT' ? 'GMT+00:00' : (parts.timeZoneName ?? 'GMT+00:00'),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-03-01 08:30:05" in the zone. */
export function formatLocalTime(epochSeconds: number, zone: string): string {
  const w = wallClock(epochSeconds, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** "Asia/Bangkok (GMT+07:00)" or "UTC", at the given moment (daylight saving changes the offset). */
export function describeTimeZone(zone: string, atEpochSeconds: number): string {
  if (zone === 'UTC') return 'UTC';
  return `${zone} (${wallClock(atEpochSeconds, zone).offset})`;
}

/**
 * A Date whose UTC fields are the zone's wall clock: spreadsheet cells have no zone, so the cell shows the local
 * time and the column header names the zone.
 */
export function wallClockDate(epochSeconds: number, zone: string): Date {
  const w = wallClock(epochSeconds, zone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}
