// Moving along a spec path string (`lat,lng` pairs joined by `|`) at bus scale: flat-earth steps between vertices,
// good to a metre or so over a few hundred metres.

export interface PathPoint {
  lat: number;
  lng: number;
  /** Degrees clockwise from north of the segment being driven. */
  azimuth: number;
  /** True once past the last vertex (the point stays there). */
  ended: boolean;
}

/** The path's vertices. */
export function pathPoints(path: string): [number, number][] {
  return path.split('|').map((p) => p.split(',').map(Number) as [number, number]);
}

/** Length of the path in metres. */
export function pathLength(path: string): number {
  const pts = pathPoints(path);
  let total = 0;
  for (let i = 0; i + 1 < pts.length; i++) total += step(pts[i] as [number, number], pts[i + 1] as [number, number]);
  return total;
}

function step([aLat, aLng]: [number, number], [bLat, bLng]: [number, number]): number {
  const metresPerDegLng = 111_320 * Math.cos((aLat * Math.PI) / 180);
  return Math.hypot((bLat - aLat) * 111_320, (bLng - aLng) * metresPerDegLng);
}

/** Position `metres` along the path from vertex `fromVertex`. */
export function walkPath(path: string, fromVertex = 0): (metres: number) => PathPoint {
  const pts = pathPoints(path);
  return (metres) => {
    let left = Math.max(0, metres);
    for (let i = Math.max(0, fromVertex); i + 1 < pts.length; i++) {
      const a = pts[i] as [number, number];
      const b = pts[i + 1] as [number, number];
      const len = step(a, b);
      if (left <= len && len > 0) {
        const f = left / len;
        const azimuth = Math.round(((Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI + 360) % 360);
        return { lat: a[0] + (b[0] - a[0]) * f, lng: a[1] + (b[1] - a[1]) * f, azimuth, ended: false };
      }
      left -= len;
    }
    const [lat, lng] = pts[pts.length - 1] as [number, number];
    return { lat, lng, azimuth: 0, ended: true };
  };
}
