import { getDistance } from 'ol/sphere';

// The measuring tool's arithmetic (product spec section 8 "Measuring tool"): geodesic distances on the spec's
// sphere (section 9: earth radius 6378137 m), from WGS-84 points, so a base map in GCJ-02 or BD-09 measures the
// same ground.

export const EARTH_RADIUS = 6378137;

/** Cumulative metres at each vertex of a WGS-84 [lng, lat] polyline (0 at the first). */
export function runningDistances(points: readonly (readonly [number, number])[]): number[] {
  const out: number[] = [];
  let sum = 0;
  points.forEach((p, i) => {
    if (i > 0) sum += getDistance(points[i - 1] as [number, number], p as [number, number], EARTH_RADIUS);
    out.push(sum);
  });
  return out;
}

/** Spec section 9: distances above 1000 m in km with 2 decimals; below, whole metres. */
export function formatLength(metres: number): string {
  return metres > 1000 ? `${(metres / 1000).toFixed(2)} km` : `${Math.round(metres)} m`;
}
