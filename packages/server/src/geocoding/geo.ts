// Distances and bearings on the sphere, for the few hundred metres to tens of kilometres the resolver describes.

/** Spec section 9: earth radius 6378137 m (the same sphere the maps use). */
const EARTH_RADIUS = 6378137;
const RAD = Math.PI / 180;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Spec section 5: geocoding is skipped for zero (0, 0: a terminal without a fix) or out-of-range coordinates. */
export function canGeocode(lat: number, lng: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    !(lat === 0 && lng === 0) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180
  );
}

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from `from` to `to`, degrees clockwise from north, 0–360. */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  const φ1 = from.lat * RAD;
  const φ2 = to.lat * RAD;
  const Δλ = (to.lng - from.lng) * RAD;
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

export const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS)[number];

/** The nearest of the eight compass points. */
export function compassPoint(bearing: number): CompassPoint {
  return COMPASS[Math.round(bearing / 45) % 8] ?? 'N';
}

/**
 * The degree box around a point that holds every point within `metres` of it, for a kd-tree range query
 * (exact distances are checked afterwards). Near the poles the longitude span is capped at the whole circle.
 */
export function boxAround(p: LatLng, metres: number): [number, number, number, number] {
  const dLat = metres / (EARTH_RADIUS * RAD);
  const cos = Math.cos(p.lat * RAD);
  const dLng = cos > 1e-6 ? Math.min(180, dLat / cos) : 180;
  return [p.lng - dLng, p.lat - dLat, p.lng + dLng, p.lat + dLat];
}

const MAX_PIECES = 2000;

/**
 * The points of a polyline with extra points inserted so no two neighbours are more than `step` metres apart:
 * a kd-tree of points then finds the line near any spot on a long straight segment, not only near its corners.
 */
export function densify(points: readonly LatLng[], step: number): LatLng[] {
  const out: LatLng[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const next = points[i + 1];
    out.push(p);
    if (!next) break;
    // Capped: a broken path with a segment across a continent must not turn into millions of points.
    const pieces = Math.min(MAX_PIECES, Math.ceil(distanceMetres(p, next) / step));
    for (let k = 1; k < pieces; k++) {
      out.push({ lat: p.lat + ((next.lat - p.lat) * k) / pieces, lng: p.lng + ((next.lng - p.lng) * k) / pieces });
    }
  }
  return out;
}

/** Spec path format "lat,lng|lat,lng|…"; malformed pairs are dropped. */
export function parsePath(path: string): LatLng[] {
  const points: LatLng[] = [];
  for (const pair of path.split('|')) {
    const [lat, lng] = pair.split(',').map(Number);
    if (lat !== undefined && lng !== undefined && canGeocode(lat, lng)) points.push({ lat, lng });
  }
  return points;
}
