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
