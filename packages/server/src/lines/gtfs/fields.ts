/** Field parsers that report instead of throwing, so one pass over a file collects every problem. */

const TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/;

/** GTFS time "H:MM:SS" (hours may pass 24) → seconds; null when malformed. */
export function parseGtfsTime(value: string): number | null {
  const m = TIME.exec(value);
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** Seconds → "HH:MM:SS" (hours may pass 24, as in GTFS). */
export function formatGtfsTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

export function parseCoordinate(value: string, limit: 90 | 180): number | null {
  if (value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

export function parseInteger(value: string): number | null {
  if (!/^-?\d+$/.test(value)) return null;
  return Number(value);
}

export const DATE = /^\d{8}$/;
