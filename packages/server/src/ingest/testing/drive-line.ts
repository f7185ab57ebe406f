import type { DirectionGeometry } from '../../progress/index.ts';

// A scripted bus along one direction of a real line, for the ingest's integration tests: stands at the origin,
// drives at a steady speed, stops at the given stations for a dwell, reports every `interval` seconds.

export interface DriveFix {
  lat: number;
  lng: number;
  /** km/h. */
  speed: number;
  azimuth: number;
  time: number;
}

const R = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

function metres(a: [number, number], b: [number, number]): number {
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

function bearing(a: [number, number], b: [number, number]): number {
  const y = Math.sin(rad(b[0] - a[0])) * Math.cos(rad(b[1]));
  const x =
    Math.cos(rad(a[1])) * Math.sin(rad(b[1])) - Math.sin(rad(a[1])) * Math.cos(rad(b[1])) * Math.cos(rad(b[0] - a[0]));
  return (((Math.atan2(y, x) * 180) / Math.PI + 360) % 360) | 0;
}

/** Point and heading `s` metres along a [lng, lat] path. */
export function pointAlong(path: [number, number][], s: number): { lat: number; lng: number; azimuth: number } {
  let acc = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as [number, number];
    const b = path[i] as [number, number];
    const len = metres(a, b);
    if (acc + len >= s || i === path.length - 1) {
      const f = len > 0 ? Math.max(0, Math.min(1, (s - acc) / len)) : 0;
      return { lng: a[0] + (b[0] - a[0]) * f, lat: a[1] + (b[1] - a[1]) * f, azimuth: bearing(a, b) };
    }
    acc += len;
  }
  const p = path[0] as [number, number];
  return { lng: p[0], lat: p[1], azimuth: 0 };
}

export interface DriveScript {
  start: number;
  interval: number;
  /** m/s while moving. */
  speed: number;
  /** Reports standing at each stop. */
  dwellReports: number;
  /** Stop at these serials (the origin is always a stop). */
  stopAt: number[];
  /** Drive until this many metres past the origin station. */
  until: number;
}

/** The fixes, and per stop serial the time the bus came to rest there. */
export function driveDirection(
  dir: DirectionGeometry,
  script: DriveScript,
): { fixes: DriveFix[]; restAt: Map<number, number> } {
  const fixes: DriveFix[] = [];
  const restAt = new Map<number, number>();
  const origin = dir.stations[0]?.distance ?? 0;
  let s = origin;
  let t = script.start;
  const push = (speedMs: number) => {
    const p = pointAlong(dir.path, s);
    fixes.push({ lat: p.lat, lng: p.lng, azimuth: p.azimuth, speed: Math.round(speedMs * 3.6 * 10) / 10, time: t });
    t += script.interval;
  };
  for (let i = 0; i < script.dwellReports + 1; i++) push(0);
  restAt.set(dir.stations[0]?.serial ?? 1, script.start);
  const stops = dir.stations.filter((st) => script.stopAt.includes(st.serial));
  let next = 0;
  const end = origin + script.until;
  while (s < end) {
    const stop = stops[next];
    const step = script.speed * script.interval;
    if (stop && s + step >= stop.distance) {
      // Brake into the stop: it arrives within this interval and stands.
      const arrive = t - script.interval + (stop.distance - s) / script.speed;
      s = stop.distance;
      restAt.set(stop.serial, Math.round(arrive));
      for (let i = 0; i < script.dwellReports; i++) push(0);
      next++;
      continue;
    }
    s = Math.min(end, s + step);
    push(script.speed);
  }
  return { fixes, restAt };
}
