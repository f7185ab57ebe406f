import type { TrackPoint } from '@headway/server/contract';
import { getDistance } from 'ol/sphere';
import type { Timeline } from './engine';
import { pointKind } from './point-look';

// One query's answer shaped for playback, built once per query: the rows grouped per vehicle (the server sends
// them in time order per vehicle, vehicles in car_id order), the merged timeline of all vehicles by event time,
// each point's look, and the distance travelled per point. Nothing here runs per tick.

/** Spec section 9: earth radius 6378137 m. */
const EARTH_RADIUS = 6378137;

/** One colour per vehicle; the first is the spec's green track trail. */
export const VEHICLE_COLOURS = [
  '#16a34a',
  '#2563eb',
  '#9333ea',
  '#ea580c',
  '#0891b2',
  '#db2777',
  '#65a30d',
  '#4f46e5',
  '#b45309',
  '#0f766e',
] as const;

export interface TrackVehicle {
  car_id: number;
  car_name: string;
  imei: string;
  colour: string;
  points: TrackPoint[];
  /** Merged positions of its points, ascending. */
  positions: Int32Array;
  /** Kilometres travelled since its first point, per point. */
  travelled: Float64Array;
  /** Whether `travelled` is the odometer's (item 0x01) rather than the distance between the points. */
  odometer: boolean;
  /** The lines it ran in the window (station event lines of its points), first seen first. */
  routeCodes: string[];
}

export interface TrackSet extends Timeline {
  vehicles: TrackVehicle[];
  vehicleAt: Uint16Array;
  pointAt: Int32Array;
  /** POINT_KINDS index per merged position. */
  kinds: Uint8Array;
}

/** The point at a merged position. */
export function pointAt(set: TrackSet, position: number): TrackPoint | undefined {
  const v = set.vehicles[set.vehicleAt[position] ?? -1];
  return v?.points[set.pointAt[position] ?? -1];
}

/** The satellite count from a point's `attached` JSON (`satellites`), null when not reported. */
export function satellitesOf(attached: string): number | null {
  if (!attached?.includes('sat')) return null;
  try {
    const parsed = JSON.parse(attached) as { satellites?: unknown; sat?: unknown };
    const n = parsed.satellites ?? parsed.sat;
    return typeof n === 'number' && Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

/**
 * Kilometres since the first point: the odometer's difference when the terminal reports one on at least two
 * points (a reading missing in between keeps the last one), else the geodesic distance between the points.
 */
export function travelledKm(points: readonly TrackPoint[]): { travelled: Float64Array; odometer: boolean } {
  const travelled = new Float64Array(points.length);
  const readings = points.reduce((n, p) => (p.mileage !== null && p.mileage > 0 ? n + 1 : n), 0);
  if (readings >= 2) {
    let first: number | null = null;
    let last = 0;
    points.forEach((p, i) => {
      if (p.mileage !== null && p.mileage > 0) {
        first ??= p.mileage;
        last = Math.max(0, p.mileage - first);
      }
      travelled[i] = last;
    });
    return { travelled, odometer: true };
  }
  let sum = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as TrackPoint;
    const b = points[i] as TrackPoint;
    sum += getDistance([a.lng, a.lat], [b.lng, b.lat], EARTH_RADIUS) / 1000;
    travelled[i] = sum;
  }
  return { travelled, odometer: false };
}

export function buildTrackSet(rows: readonly TrackPoint[]): TrackSet {
  const byCar = new Map<number, TrackPoint[]>();
  for (const row of rows) {
    const list = byCar.get(row.car_id);
    if (list) list.push(row);
    else byCar.set(row.car_id, [row]);
  }
  const vehicles: TrackVehicle[] = [...byCar.values()].map((points, i) => {
    // The server's order is the contract; a stable sort keeps it and guards a client against a mixed answer.
    points.sort((a, b) => a.event_time - b.event_time);
    const first = points[0] as TrackPoint;
    const routeCodes = [...new Set(points.map((p) => p.route_code).filter((c) => c !== ''))];
    return {
      car_id: first.car_id,
      car_name: first.car_name,
      imei: first.imei,
      colour: VEHICLE_COLOURS[i % VEHICLE_COLOURS.length] as string,
      points,
      positions: new Int32Array(points.length),
      ...travelledKm(points),
      routeCodes,
    };
  });

  // Merge by event time; equal times keep vehicle order, then point order. Done once per query (a 60,000-point
  // sort is tens of milliseconds); ticks only read the arrays.
  const length = vehicles.reduce((n, v) => n + v.points.length, 0);
  const times = new Float64Array(length);
  const owner = new Uint16Array(length);
  const index = new Int32Array(length);
  let k = 0;
  vehicles.forEach((v, vi) => {
    v.points.forEach((p, pi) => {
      times[k] = p.event_time;
      owner[k] = vi;
      index[k] = pi;
      k++;
    });
  });
  const order = Array.from({ length }, (_, i) => i);
  order.sort(
    (a, b) => (times[a] as number) - (times[b] as number) || (owner[a] as number) - (owner[b] as number) || a - b,
  );
  const vehicleAt = new Uint16Array(length);
  const pointAtArr = new Int32Array(length);
  const kinds = new Uint8Array(length);
  order.forEach((at, p) => {
    const vi = owner[at] as number;
    const pi = index[at] as number;
    const vehicle = vehicles[vi] as TrackVehicle;
    vehicleAt[p] = vi;
    pointAtArr[p] = pi;
    vehicle.positions[pi] = p;
    kinds[p] = pointKind(vehicle.points[pi] as TrackPoint);
  });
  return { length, vehicles, vehicleAt, pointAt: pointAtArr, kinds };
}
