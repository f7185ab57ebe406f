/** Plane geometry on the WGS-84 sphere, good to a metre over the length of a bus line. */

const EARTH_RADIUS = 6378137; // metres, the value the console's map uses (spec section 9)
const RAD = Math.PI / 180;

export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Compass bearing from the first point to the second, 0–359 with 0 north, clockwise. */
export function azimuth(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const y = Math.sin((lng2 - lng1) * RAD) * Math.cos(lat2 * RAD);
  const x =
    Math.cos(lat1 * RAD) * Math.sin(lat2 * RAD) -
    Math.sin(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos((lng2 - lng1) * RAD);
  const deg = Math.round(Math.atan2(y, x) / RAD);
  return ((deg % 360) + 360) % 360;
}

export function cumulativeDistances(lats: number[], lngs: number[]): number[] {
  const cum = [0];
  for (let i = 1; i < lats.length; i++) {
    cum.push(cum[i - 1]! + distanceMetres(lats[i - 1]!, lngs[i - 1]!, lats[i]!, lngs[i]!));
  }
  return cum;
}

export interface Polyline {
  lats: number[];
  lngs: number[];
  cum: number[];
}

export interface Projection {
  /** Distance along the polyline in metres. */
  along: number;
  /** Distance from the point to the polyline in metres. */
  offset: number;
  /** Index of the segment start. */
  segment: number;
}

/**
 * Projects a point onto the polyline at or beyond `fromAlong` metres. Projecting a trip's stops in order with the
 * previous result as the floor keeps loops and out-and-back shapes right: a terminal served at both ends of a loop
 * is matched to the end, not to the start where the bus already was. The scan stops a kilometre past a close match
 * so the same street travelled back later does not win either.
 * A local equirectangular frame per segment is accurate enough for the short segments of a shape.
 */
export function projectOntoPolyline(line: Polyline, lat: number, lng: number, fromAlong = 0): Projection {
  let best: Projection = { along: fromAlong, offset: Number.POSITIVE_INFINITY, segment: 0 };
  const cosLat = Math.cos(lat * RAD);
  const n = line.lats.length;
  if (n === 1) return { along: 0, offset: distanceMetres(lat, lng, line.lats[0]!, line.lngs[0]!), segment: 0 };
  let i = 0;
  while (i < n - 2 && line.cum[i + 1]! <= fromAlong) i++;
  for (; i < n - 1; i++) {
    if (best.offset < 50 && line.cum[i]! - best.along > 1000) break;
    const ax = line.lngs[i]! * cosLat;
    const ay = line.lats[i]!;
    const bx = line.lngs[i + 1]! * cosLat;
    const by = line.lats[i + 1]!;
    const px = lng * cosLat;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const segLen = line.cum[i + 1]! - line.cum[i]!;
    // The part of this segment at or beyond fromAlong, as a fraction.
    const tMin = segLen > 0 ? Math.max(0, Math.min(1, (fromAlong - line.cum[i]!) / segLen)) : 0;
    let t = len2 > 0 ? ((px - ax) * dx + (lat - ay) * dy) / len2 : 0;
    t = t < tMin ? tMin : Math.min(t, 1);
    const qLat = ay + t * dy;
    const qLng = (ax + t * dx) / cosLat;
    const offset = distanceMetres(lat, lng, qLat, qLng);
    // A later segment must be clearly closer to win, so a stop does not jump to a later passage a metre nearer.
    if (offset < best.offset - 1) best = { along: line.cum[i]! + t * segLen, offset, segment: i };
  }
  return best;
}

/** Point and heading at a distance along the polyline (clamped to its ends). */
export function pointAlong(
  line: Polyline,
  along: number,
  hint = 0,
): { lat: number; lng: number; azimuth: number; segment: number } {
  const n = line.lats.length;
  if (n === 1) return { lat: line.lats[0]!, lng: line.lngs[0]!, azimuth: 0, segment: 0 };
  const total = line.cum[n - 1]!;
  const d = along <= 0 ? 0 : Math.min(along, total);
  let i = Math.min(Math.max(0, hint), n - 2);
  if (line.cum[i]! > d) i = 0;
  while (i < n - 2 && line.cum[i + 1]! < d) i++;
  const segLen = line.cum[i + 1]! - line.cum[i]!;
  const t = segLen > 0 ? (d - line.cum[i]!) / segLen : 0;
  const lat = line.lats[i]! + t * (line.lats[i + 1]! - line.lats[i]!);
  const lng = line.lngs[i]! + t * (line.lngs[i + 1]! - line.lngs[i]!);
  return { lat, lng, azimuth: azimuth(line.lats[i]!, line.lngs[i]!, line.lats[i + 1]!, line.lngs[i + 1]!), segment: i };
}

/**
 * How far `shape` strays from `main` at worst: the largest distance from one of its points to the nearest point of
 * `main`, in metres. A short turn that runs on the main path scores a few metres; a branch its distance out.
 */
export function maxOffsetFrom(main: Polyline, shape: Polyline): number {
  const n = main.lats.length;
  if (n === 0) return Number.POSITIVE_INFINITY;
  const lat0 = main.lats[0]!;
  const kx = 111_320 * Math.cos(lat0 * RAD);
  const ky = 110_574;
  const xs = main.lngs.map((lng) => lng * kx);
  const ys = main.lats.map((lat) => lat * ky);
  let worst = 0;
  for (let p = 0; p < shape.lats.length; p++) {
    const px = shape.lngs[p]! * kx;
    const py = shape.lats[p]! * ky;
    let best = n === 1 ? Math.hypot(px - xs[0]!, py - ys[0]!) : Number.POSITIVE_INFINITY;
    for (let i = 0; i < n - 1 && best > worst; i++) {
      const dx = xs[i + 1]! - xs[i]!;
      const dy = ys[i + 1]! - ys[i]!;
      const len2 = dx * dx + dy * dy;
      let t = len2 > 0 ? ((px - xs[i]!) * dx + (py - ys[i]!) * dy) / len2 : 0;
      t = t < 0 ? 0 : Math.min(t, 1);
      const d = Math.hypot(xs[i]! + t * dx - px, ys[i]! + t * dy - py);
      if (d < best) best = d;
    }
    // A point no closer than the worst so far cannot raise it; the early exit above keeps this near-linear.
    if (best > worst) worst = best;
  }
  return worst;
}
