/** Small synthetic lines for the engine's tests, built in metres around a base point and returned in WGS-84. */

import type { DirectionGeometry, LineCategory, LineGeometry, PositionReport, StationGeometry } from '../types.ts';

export const BASE = { lat: 40.6, lng: -74.1 };
const M_LAT = 1 / 111_320;
const M_LNG = 1 / (111_320 * Math.cos((BASE.lat * Math.PI) / 180));

/** WGS-84 point at (east, north) metres from BASE. */
export function at(east: number, north: number): { lat: number; lng: number } {
  return { lat: BASE.lat + north * M_LAT, lng: BASE.lng + east * M_LNG };
}

/** A direction through planar (east, north) vertices, stations at the given along distances. */
export function directionOf(direction: 1 | 2, vertices: [number, number][], stationsAt: number[]): DirectionGeometry {
  const path = vertices.map(([e, n]) => {
    const p = at(e, n);
    return [p.lng, p.lat] as [number, number];
  });
  const stations: StationGeometry[] = stationsAt.map((d, i) => {
    const p = pointAlong(vertices, d);
    const g = at(p[0], p[1]);
    return { serial: i + 1, name: `S${direction}-${i + 1}`, distance: d, lng: g.lng, lat: g.lat };
  });
  return { direction, path, stations };
}

export function lineOf(routeCode: string, category: LineCategory, directions: DirectionGeometry[]): LineGeometry {
  return { routeCode, routeName: `Line ${routeCode}`, category, directions };
}

/** (east, north) at a distance along planar vertices. */
export function pointAlong(vertices: [number, number][], d: number): [number, number] {
  let rest = d;
  for (let i = 1; i < vertices.length; i++) {
    const [ax, ay] = vertices[i - 1]!;
    const [bx, by] = vertices[i]!;
    const len = Math.hypot(bx - ax, by - ay);
    if (rest <= len || i === vertices.length - 1) {
      const f = len > 0 ? Math.min(1, rest / len) : 0;
      return [ax + (bx - ax) * f, ay + (by - ay) * f];
    }
    rest -= len;
  }
  return vertices[0]!;
}

/** Heading (deg) of the planar vertices at a distance along them. */
export function headingAlong(vertices: [number, number][], d: number): number {
  let rest = d;
  for (let i = 1; i < vertices.length; i++) {
    const [ax, ay] = vertices[i - 1]!;
    const [bx, by] = vertices[i]!;
    const len = Math.hypot(bx - ax, by - ay);
    if (rest <= len || i === vertices.length - 1) return ((Math.atan2(bx - ax, by - ay) * 180) / Math.PI + 360) % 360;
    rest -= len;
  }
  return 0;
}

/** A report at (east, north) metres. */
export function reportAt(east: number, north: number, time: number, speedKmh: number, azimuth: number): PositionReport {
  const p = at(east, north);
  return { lat: p.lat, lng: p.lng, speed: speedKmh, azimuth, time, state: 0b11 };
}
