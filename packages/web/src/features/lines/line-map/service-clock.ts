// The timetable counts departures in seconds after the service day's midnight in the company's zone (GTFS: past
// 24 h for trips after midnight); the card marks those gone and the next one against the clock in that zone.

/** Seconds after midnight of `date` (YYYYMMDD) in `timeZone` at `epochMs`; beyond 86,400 the day after. */
export function serviceSeconds(epochMs: number, date: string, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(epochMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const today = Date.UTC(get('year'), get('month') - 1, get('day'));
  const service = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)));
  const days = Math.round((today - service) / 86_400_000);
  return days * 86_400 + get('hour') * 3600 + get('minute') * 60 + get('second');
}

/** `HH:MM` of a time after the service day's midnight; the hours run past 24 as GTFS writes them. */
export function formatServiceTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
