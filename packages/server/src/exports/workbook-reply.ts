import { formatLocalTime } from '../companies/time-zone.ts';

/** `{prefix}-YYYYMMDD-YYYYMMDD.xlsx` for a span, the days in the zone the rows are written in. */
export function workbookName(prefix: string, start: number, end: number, timeZone: string): string {
  const day = (t: number) => formatLocalTime(t, timeZone).slice(0, 10).replaceAll('-', '');
  return `${prefix}-${day(start)}-${day(end)}.xlsx`;
}
