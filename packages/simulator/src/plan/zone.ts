/** Time-zone arithmetic with Intl only (no tz library): GTFS times count from the agency's local midnight. */

/** Offset of the zone from UTC at the instant, in seconds (e.g. −18000 for New York in winter). */
export function zoneOffsetSeconds(timeZone: string, epochSeconds: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(epochSeconds * 1000));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round(asUtc / 1000 - epochSeconds);
}

/** The local calendar date (YYYYMMDD) and weekday (0 Monday … 6 Sunday) at the instant in the zone. */
export function localDate(timeZone: string, epochSeconds: number): { date: string; weekday: number } {
  const local = new Date((epochSeconds + zoneOffsetSeconds(timeZone, epochSeconds)) * 1000);
  const date = local.toISOString().slice(0, 10).replaceAll('-', '');
  return { date, weekday: (local.getUTCDay() + 6) % 7 };
}

/**
 * GTFS "service day start": noon minus 12 hours local time, which is midnight except on daylight-saving change days
 * (GTFS reference, stop_times arrival_time).
 */
export function serviceDayStart(timeZone: string, yyyymmdd: string): number {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  const noonUtc = Date.UTC(y, m - 1, d, 12) / 1000;
  const noon = noonUtc - zoneOffsetSeconds(timeZone, noonUtc);
  return noon - 12 * 3600;
}

export function shiftDate(yyyymmdd: string, days: number): string {
  const t = Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8)));
  return new Date(t + days * 86400_000).toISOString().slice(0, 10).replaceAll('-', '');
}
