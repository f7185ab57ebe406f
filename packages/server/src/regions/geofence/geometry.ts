// Signed depth of a point in a shape, metres: positive inside (how far from the border), negative outside. Shapes
// are small next to the Earth (a depot, a corridor of a few km), so each is projected once to a local
// equirectangular plane around its own centre: x = Δlng·cos(lat0)·R, y = Δlat·R. The error over 10 km is well
// under a metre, far below GPS noise, and a report costs a few multiplications instead of trigonometry.

const R = 6_371_008.8;
const RAD = Math.PI / 180;
/** Metres per degree of latitude. */
export const M_PER_DEG = R * RAD;

/** Great-circle distance in metres (haversine); circles use it (their radius can be large). */
export function haversineM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A local plane: metres east (x) and north (y) of an origin. */
export class LocalPlane {
  readonly kx: number;
  constructor(
    readonly lat0: number,
    readonly lng0: number,
  ) {
    this.kx = Math.cos(lat0 * RAD) * M_PER_DEG;
  }
  x(lng: number): number {
    return (lng - this.lng0) * this.kx;
  }
  y(lat: number): number {
    return (lat - this.lat0) * M_PER_DEG;
  }
}

/** Projected vertices, flat [x0, y0, x1, y1, …]. */
export function project(plane: LocalPlane, points: readonly (readonly [number, number])[]): Float64Array {
  const out = new Float64Array(points.length * 2);
  for (let i = 0; i < points.length; i++) {
    const [lat, lng] = points[i] as readonly [number, number];
    out[2 * i] = plane.x(lng);
    out[2 * i + 1] = plane.y(lat);
  }
  return out;
}

/** Squared distance from (px, py) to the segment (ax, ay)–(bx, by). */
function segmentDistSq(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  let t = len > 0 ? ((px - ax) * dx + (py - ay) * dy) / len : 0;
  t = Math.min(1, Math.max(0, t));
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}

/** Distance in metres from a projected point to an open polyline (flat vertices). */
export function polylineDistance(px: number, py: number, v: Float64Array): number {
  if (v.length < 4) return v.length === 2 ? Math.hypot(px - (v[0] as number), py - (v[1] as number)) : Infinity;
  let best = Infinity;
  for (let i = 0; i + 3 < v.length; i += 2) {
    const d = segmentDistSq(px, py, v[i] as number, v[i + 1] as number, v[i + 2] as number, v[i + 3] as number);
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** Signed depth in a closed polygon (flat vertices, last edge implied): even-odd rule, distance to the nearest edge. */
export function polygonDepth(px: number, py: number, v: Float64Array): number {
  const n = v.length / 2;
  if (n < 3) return -Infinity;
  let inside = false;
  let best = Infinity;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = v[2 * i] as number;
    const yi = v[2 * i + 1] as number;
    const xj = v[2 * j] as number;
    const yj = v[2 * j + 1] as number;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    const d = segmentDistSq(px, py, xi, yi, xj, yj);
    if (d < best) best = d;
  }
  const dist = Math.sqrt(best);
  return inside ? dist : -dist;
}
