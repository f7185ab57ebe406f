import { COORDINATE_DECIMALS, roundCoordinate } from './line-rules.ts';

// Geometry of a line direction on the WGS-84 sphere, shared by the console's line editor (which places stations
// and computes their distances and azimuths) and the server (which checks what the editor saved). Points are
// `[lat, lng]`, the order of the spec's path text `lat,lng|lat,lng|…`. Good to a metre over a bus line's length.

export type PathPoint = readonly [lat: number, lng: number];

/** Spec section 9: earth radius 6378137 m, the value the map uses. */
const EARTH_RADIUS = 6378137;
const RAD = Math.PI / 180;

export function distanceMetres(a: PathPoint, b: PathPoint): number {
  const dLat = (b[0] - a[0]) * RAD;
  const dLng = (b[1] - a[1]) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * RAD) * Math.cos(b[0] * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Compass bearing from a to b: 0 north, clockwise, whole degrees 0–359. */
export function bearing(a: PathPoint, b: PathPoint): number {
  const y = Math.sin((b[1] - a[1]) * RAD) * Math.cos(b[0] * RAD);
  const x =
    Math.cos(a[0] * RAD) * Math.sin(b[0] * RAD) -
    Math.sin(a[0] * RAD) * Math.cos(b[0] * RAD) * Math.cos((b[1] - a[1]) * RAD);
  const deg = Math.round(Math.atan2(y, x) / RAD);
  return ((deg % 360) + 360) % 360;
}

/** Metres from the first point to each point. */
export function cumulativeMetres(path: readonly PathPoint[]): number[] {
  const out = path.length ? [0] : [];
  for (let i = 1; i < path.length; i++) out.push(out[i - 1]! + distanceMetres(path[i - 1]!, path[i]!));
  return out;
}

/** The path's length, whole metres. */
export function pathLength(path: readonly PathPoint[]): number {
  return Math.round(cumulativeMetres(path).at(-1) ?? 0);
}

export interface PathProjection {
  /** Metres along the path to the foot of the point. */
  along: number;
  /** Metres from the point to the path. */
  offset: number;
  /** Index of the segment's first point. */
  segment: number;
}

/**
 * The point's nearest place on the path at or beyond `fromAlong` metres. Stations are projected in order with the
 * previous one's place as the floor, so on a loop or an out-and-back path the terminal is matched to the end and
 * not to the start it shares the road with. A local flat frame per segment is exact enough for short segments.
 */
export function projectOntoPath(path: readonly PathPoint[], point: PathPoint, fromAlong = 0): PathProjection {
  const cum = cumulativeMetres(path);
  if (path.length === 0) return { along: 0, offset: Number.POSITIVE_INFINITY, segment: 0 };
  if (path.length === 1) return { along: 0, offset: distanceMetres(point, path[0]!), segment: 0 };
  const cosLat = Math.cos(point[0] * RAD);
  let best: PathProjection = { along: fromAlong, offset: Number.POSITIVE_INFINITY, segment: 0 };
  for (let i = 0; i < path.length - 1; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    const segLen = cum[i + 1]! - cum[i]!;
    if (cum[i + 1]! < fromAlong) continue;
    const ax = a[1] * cosLat;
    const bx = b[1] * cosLat;
    const dx = bx - ax;
    const dy = b[0] - a[0];
    const len2 = dx * dx + dy * dy;
    const tMin = segLen > 0 ? Math.max(0, Math.min(1, (fromAlong - cum[i]!) / segLen)) : 0;
    let t = len2 > 0 ? ((point[1] * cosLat - ax) * dx + (point[0] - a[0]) * dy) / len2 : 0;
    t = Math.min(1, Math.max(tMin, t));
    const foot: PathPoint = [a[0] + t * dy, (ax + t * dx) / cosLat];
    const offset = distanceMetres(point, foot);
    // A later passage must be clearly closer to win, so a station does not jump ahead to a street used twice.
    if (offset < best.offset - 1) best = { along: cum[i]! + t * segLen, offset, segment: i };
  }
  return best;
}

/** The path's heading at a segment (0–359). */
export function headingAtSegment(path: readonly PathPoint[], segment: number): number {
  if (path.length < 2) return 0;
  const i = Math.min(Math.max(0, segment), path.length - 2);
  return bearing(path[i]!, path[i + 1]!);
}

export interface PlacedStation {
  /** Mileage from the path's start, whole metres. */
  distance: number;
  /** Heading of the path at the station, 0–359. */
  azimuth: number;
  /** Metres from the station to the path. */
  offset: number;
}

/** Distances along the path and azimuths for stations in running order (the line editor's "compute"). */
export function placeStations(path: readonly PathPoint[], stations: readonly PathPoint[]): PlacedStation[] {
  let floor = 0;
  return stations.map((s) => {
    const p = projectOntoPath(path, s, floor);
    floor = p.along;
    return { distance: Math.round(p.along), azimuth: headingAtSegment(path, p.segment), offset: p.offset };
  });
}

/** Spec path text `lat,lng|lat,lng|…` → points; null when a pair is not two numbers. */
export function parsePathText(text: string): PathPoint[] | null {
  const trimmed = text.trim();
  if (!trimmed) return [];
  const out: PathPoint[] = [];
  for (const pair of trimmed.split('|')) {
    const parts = pair.split(',');
    if (parts.length !== 2) return null;
    const lat = Number(parts[0]);
    const lng = Number(parts[1]);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || parts.some((p) => p.trim() === '')) return null;
    out.push([lat, lng]);
  }
  return out;
}

/** Points → spec path text with the spec's 6 decimals. */
export function formatPathText(path: readonly PathPoint[]): string {
  return path
    .map(
      ([lat, lng]) =>
        `${roundCoordinate(lat)
          .toFixed(COORDINATE_DECIMALS)
          .replace(/\.?0+$/, '')},${roundCoordinate(lng)
          .toFixed(COORDINATE_DECIMALS)
          .replace(/\.?0+$/, '')}`,
    )
    .join('|');
}

export function validLatLng([lat, lng]: PathPoint): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;
}
