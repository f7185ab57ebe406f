import gcoord from 'gcoord';

// Positions are stored in WGS-84 and converted only here, at the display edge (ARCHITECTURE "map").
// The map view is always EPSG:3857 metres; each base provider says which datum its tiles are drawn in:
// OSM in WGS-84, Google and AutoNavi in GCJ-02 (China's offset datum), Baidu in BD-09 on its own Mercator
// (BD09MC), whose metres are laid straight onto the view so they line up with Baidu's tile grid.

export type Datum = 'wgs84' | 'gcj02' | 'bd09';

/** Spec section 9: earth radius 6378137 m (spherical Mercator). */
export const EARTH_RADIUS = 6378137;
const MAX_LAT = 85.05112878;

function mercator(lng: number, lat: number): [number, number] {
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const x = (EARTH_RADIUS * lng * Math.PI) / 180;
  const y = EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
  return [x, y];
}

function inverseMercator(x: number, y: number): [number, number] {
  const lng = (x / EARTH_RADIUS) * (180 / Math.PI);
  const lat = (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI);
  return [lng, lat];
}

/** WGS-84 lng/lat → view coordinate for a provider drawn in `datum`. */
export function toView(datum: Datum, lng: number, lat: number): [number, number] {
  if (datum === 'wgs84') return mercator(lng, lat);
  if (datum === 'gcj02') {
    const [gLng, gLat] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02) as [number, number];
    return mercator(gLng, gLat);
  }
  return gcoord.transform([lng, lat], gcoord.WGS84, gcoord.BD09MC) as [number, number];
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
