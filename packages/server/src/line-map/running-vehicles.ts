import { STALE_POINT_SECONDS } from '@headway/spec';
import type { LineScope } from '../consoles/scope.ts';
import type { RealData } from '../live/real-data.ts';
import { parseJson } from '../store/json.ts';
import type { LineMapDb } from './schema.ts';

// The buses running a line now, from their live route progress (real_data.route, set by the ingest's progress
// engine): the live module's latest positions, or the stored live state when this process has no live module.

/** What we need of app.live (live/live.ts). */
export interface PositionFeed {
  latestPositions(companyId: number): RealData[];
}

export interface RunningVehicle {
  car_id: number;
  car_name: string;
  imei: string;
  direction: number;
  serial: number;
  /** Metres to the next station (real_data.route.dist). */
  toNext: number | undefined;
  /** Departure from the origin on this trip (real_data.route.etd; 0 unknown). */
  departedAt: number;
  time: number;
}

async function latestPositions(db: LineMapDb, feed: PositionFeed | undefined, companyId: number) {
  if (feed) return feed.latestPositions(companyId);
  const rows = await db
    .selectFrom('vehicle_live_state')
    .select('real_data')
    .where('company_id', '=', companyId)
    .execute();
  return rows.flatMap((r) => {
    const data = parseJson<RealData | null>(r.real_data, null);
    return data ? [data] : [];
  });
}

/**
 * Vehicles whose route progress is on this line and whose last report is at most STALE_POINT_SECONDS old (an
 * offline bus is not running). Only known vehicles count, and for a user in a console only those bound to its
 * lines (docs/decisions.md "Dispatch consoles"), like every other vehicle read.
 */
export async function runningVehicles(
  db: LineMapDb,
  feed: PositionFeed | undefined,
  companyId: number,
  routeCode: string,
  scope: LineScope,
  now: number,
): Promise<RunningVehicle[]> {
  const onLine = (await latestPositions(db, feed, companyId)).filter(
    (p) =>
      p.route?.code === routeCode &&
      typeof p.route.dir === 'number' &&
      typeof p.route.sn === 'number' &&
      now - p.et <= STALE_POINT_SECONDS,
  );
  if (onLine.length === 0) return [];
  const cars = await db
    .selectFrom('vehicles')
    .select(['id', 'car_name', 'imei', 'line_id'])
    .where('company_id', '=', companyId)
    .where(
      'imei',
      'in',
      onLine.map((p) => p.imei),
    )
    .execute();
  const byImei = new Map(cars.map((c) => [c.imei, c]));
  const out: RunningVehicle[] = [];
  for (const p of onLine) {
    const car = byImei.get(p.imei);
    if (!car || (scope && (car.line_id === null || !scope.has(car.line_id)))) continue;
    out.push({
      car_id: car.id,
      car_name: car.car_name,
      imei: car.imei,
      direction: p.route?.dir ?? 0,
      serial: p.route?.sn ?? 0,
      toNext: p.route?.dist,
      departedAt: p.route?.etd ?? 0,
      time: p.et,
    });
  }
  return out;
}
