/**
 * A local planar frame per line. A bus line spans tens of kilometres, where an equirectangular projection centred
 * on the line errs by well under 1% — fine for choosing the nearest segment and the offset from it. Distances
 * along the path use the great-circle cumulative metres instead, so they agree with the imported station mileage.
 */

export const EARTH_RADIUS = 6378137; // metres, the value the console's map and the GTFS importer use
const RAD = Math.PI / 180;

export interface PlanarFrame {
  lat0: number;
  lng0: number;
  /** Metres per degree of longitude / latitude at lat0. */
  kx: number;
  ky: number;
}

export function planarFrame(lat0: number, lng0: number): PlanarFrame {
  return { lat0, lng0, kx: EARTH_RADIUS * RAD * Math.cos(lat0 * RAD), ky: EARTH_RADIUS * RAD };
}

export function toX(frame: PlanarFrame, lng: number): number {
  return (lng - frame.lng0) * frame.kx;
}

export function toY(frame: PlanarFrame, lat: number): number {
  return (lat - frame.lat0) * frame.ky;
}

export function haversineMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Compass bearing in degrees (0 north, clockwise) of a planar vector. */
export function bearingOf(dx: number, dy: number): number {
  const deg = Math.atan2(dx, dy) / RAD;
  return deg < 0 ? deg + 360 : deg;
}

/** Smallest angle between two bearings, 0–180. */
export function angleBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}
