import type { OwnLine, RealData } from '@headway/server/contract';

// Pure formatting rules of the info box (spec sections 4 and 9), tested in format.test.ts.

/** Distances above 1000 m in km with 2 decimals, else whole metres. */
export function formatDistance(metres: number | null | undefined): { unit: 'km' | 'm'; value: string } | null {
  if (metres === null || metres === undefined || !Number.isFinite(metres) || metres < 0) return null;
  if (metres > 1000) return { unit: 'km', value: (metres / 1000).toFixed(2) };
  return { unit: 'm', value: String(Math.round(metres)) };
}

/** Progress clamped to 0–100 (spec section 9). */
export function clampProgress(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.max(0, Math.min(100, Math.round(percent)));
}

/** Spec section 4 state flag bits → i18n keys under monitoring.stateBits. */
export const STATE_FLAGS: readonly [bit: number, key: string][] = [
  [0, 'acc'],
  [1, 'gpsValid'],
  [4, 'online'],
  [5, 'running'],
  [7, 'deviation'],
  [8, 'power'],
  [9, 'outOfService'],
  [13, 'door1'],
  [14, 'door2'],
  [15, 'door3'],
  [18, 'gps'],
  [19, 'bds'],
  [20, 'glonass'],
  [21, 'galileo'],
  [22, 'resend'],
];

/** Spec section 4 warning bits (4–6: GPS errors, as JT/T 808 table 25 splits them). */
export const WARNING_FLAGS: readonly [bit: number, key: string][] = [
  [0, 'sos'],
  [1, 'speeding'],
  [2, 'tired'],
  [3, 'dangerous'],
  [4, 'gnssFault'],
  [5, 'antennaOpen'],
  [6, 'antennaShort'],
  [8, 'powerCut'],
  [11, 'cameraFault'],
  [13, 'speedWarning'],
  [19, 'longParking'],
  [23, 'routeDeviation'],
  [29, 'collision'],
  [30, 'rollover'],
];

export function decodeFlags(value: number, table: readonly [number, string][]): string[] {
  const out: string[] = [];
  for (const [bit, key] of table) if ((value >>> bit) & 1) out.push(key);
  return out;
}

/** Elapsed seconds → {key, values} under monitoring.duration. */
export function durationParts(seconds: number): { key: 's' | 'm' | 'h' | 'd'; values: Record<string, number> } {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return { key: 's', values: { n: s } };
  if (s < 3600) return { key: 'm', values: { n: Math.floor(s / 60) } };
  if (s < 86400) return { key: 'h', values: { n: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) } };
  return { key: 'd', values: { n: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) } };
}

/** Header items without repeats (spec: route_name, car_name, lpn, imei, duplicates hidden). */
export function uniqueParts(parts: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of parts) {
    const v = p?.trim();
    if (!v || seen.has(v)) continue;
    seen.add(v);
    out.push(v);
  }
  return out;
}

export interface LineProgress {
  origin: string;
  terminal: string;
  nextStation: string | null;
  /** Metres still to go, and percentages done, null when unknown. */
  toTerminal: number | null;
  toNext: number | null;
  terminalPercent: number | null;
  nextPercent: number | null;
}

/**
 * Where the vehicle is along its direction, from real_data.route (serial of the current station and the
 * distance to the next) and the line's cumulative station distances.
 */
export function lineProgress(data: RealData | null, line: OwnLine | undefined): LineProgress | null {
  const route = data?.route;
  if (!route || !line) return null;
  const direction = line.directions.find((d) => d.direction === route.dir) ?? line.directions[0];
  if (!direction) return null;
  const stations = direction.stations;
  const last = stations[stations.length - 1];
  const current = stations.find((s) => s.serial === route.sn);
  const next = current ? stations.find((s) => s.serial === current.serial + 1) : undefined;
  const base = {
    origin: direction.origin,
    terminal: direction.terminal,
    nextStation: next?.station_name ?? null,
  };
  if (!last || !current || !next || route.dist === undefined) {
    return { ...base, toTerminal: null, toNext: route.dist ?? null, terminalPercent: null, nextPercent: null };
  }
  const leg = Math.max(1, next.distance - current.distance);
  const toTerminal = last.distance - next.distance + route.dist;
  const total = Math.max(1, last.distance);
  return {
    ...base,
    toTerminal,
    toNext: route.dist,
    terminalPercent: clampProgress((1 - toTerminal / total) * 100),
    nextPercent: clampProgress((1 - route.dist / leg) * 100),
  };
}
