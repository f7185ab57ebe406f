import gcoord from 'gcoord';

// Positions are stored in WGS-84 and converted only here, at the display edge (ARCHITECTURE "map").
// The map view is always EPSG:3857 metres; each base provider says which datum its tiles are drawn in:
// OSM in WGS-84, Google and AutoNavi in GCJ-02 (China's offset datum), Baidu in BD-09 on its own Mercator
// (BD09MC), whose metres are laid straight onto the view so they line up with Baidu's tile grid.

export type Datum = 'wgs84' | 'gcj02' | 'bd09';

/** Spec section 9: earth radius 6378137 m (spherical Mercator). */
const EARTH_RADIUS = 6378137;
const MAX_LAT = 85.05112878;

function mercator(lng: number, lat: number, out: number[] = [0, 0]): [number, number] {
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  out[0] = (EARTH_RADIUS * lng * Math.PI) / 180;
  out[1] = EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
  return out as [number, number];
}

function inverseMercator(x: number, y: number): [number, number] {
  const lng = (x / EARTH_RADIUS) * (180 / Math.PI);
  const lat = (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI);
  return [lng, lat];
}

// WGS-84 → GCJ-02 with gcoord's formula and constants (Krasovsky ellipsoid, China's rough bounding box),
// inlined: gcoord.transform's checks and intermediate arrays cost more than the maths, 20,000 times a batch
// on Google's and AutoNavi's maps. coords.test.ts holds it equal to gcoord.
const GCJ_A = 6378245;
const GCJ_EE = 0.006693421622965823;

function gcjLat(x: number, y: number): number {
  let ret = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  ret += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  ret += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  ret += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return ret;
}

function gcjLng(x: number, y: number): number {
  let ret = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  ret += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  ret += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  ret += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return ret;
}

function gcj02Mercator(lng: number, lat: number, out?: number[]): [number, number] {
  if (!(lng >= 72.004 && lng <= 137.8347 && lat >= 0.8293 && lat <= 55.8271)) return mercator(lng, lat, out);
  const radLat = (lat / 180) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - GCJ_EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  const dLng = (gcjLng(lng - 105, lat - 35) * 180) / ((GCJ_A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  const dLat = (gcjLat(lng - 105, lat - 35) * 180) / (((GCJ_A * (1 - GCJ_EE)) / (magic * sqrtMagic)) * Math.PI);
  return mercator(lng + dLng, lat + dLat, out);
}

/**
 * WGS-84 lng/lat → view coordinate for a provider drawn in `datum`. With `out`, the result is written into
 * it (and returned): a live batch then projects 20,000 vehicles without allocating a pair each.
 */
export function toView(datum: Datum, lng: number, lat: number, out?: number[]): [number, number] {
  if (datum === 'wgs84') return mercator(lng, lat, out);
  if (datum === 'gcj02') return gcj02Mercator(lng, lat, out);
  const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.BD09MC) as [number, number];
  if (!out) return [x, y];
  out[0] = x;
  out[1] = y;
  return out as [number, number];
}

/** View coordinate → WGS-84 lng/lat (viewport memory, clicks). */
export function fromView(datum: Datum, x: number, y: number): [number, number] {
  if (datum === 'wgs84') return inverseMercator(x, y);
  if (datum === 'gcj02') return gcoord.transform(inverseMercator(x, y), gcoord.GCJ02, gcoord.WGS84) as [number, number];
  return gcoord.transform([x, y], gcoord.BD09MC, gcoord.WGS84) as [number, number];
}

/** Spec path string (`lat,lng|lat,lng…`) → [lng, lat] pairs; malformed pairs are skipped. */
export function parsePath(path: string): [number, number][] {
  const out: [number, number][] = [];
  for (const pair of path.split('|')) {
    const [lat, lng] = pair.split(',').map(Number);
    if (Number.isFinite(lat) && Number.isFinite(lng)) out.push([lng as number, lat as number]);
  }
  return out;
}

/** Spec section 9: coordinates shown with 6 decimals. */
export function formatLngLat(lng: number, lat: number): string {
  return `${lng.toFixed(6)}, ${lat.toFixed(6)}`;
}
