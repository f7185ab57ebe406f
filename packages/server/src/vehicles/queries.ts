import type { Kysely } from 'kysely';
import type { OwnLine } from '../contract/vehicles.ts';
import type { TransitTables } from '../lines/schema.ts';
import { parseJson } from '../store/json.ts';
import type { Database } from '../store/schema.ts';
import type { TrackTables } from '../tracks/schema.ts';

/** Transit tables (lines, fleets) with the gateway's columns on devices (online). */
function mapDb(db: Kysely<Database>) {
  return db.withTables<TransitTables>().withTables<TrackTables>();
}

// The store reads of the monitoring map. Every query is scoped by company_id from the session.

export interface VehicleRow {
  car_id: number;
  car_name: string;
  lpn: string;
  imei: string;
  channel: string;
  fleet_id: number | null;
  fleet_name: string | null;
  route_id: number | null;
  route_code: string | null;
  route_name: string | null;
  terminal_phone: string | null;
  device_type: string | null;
  device_online: number | null;
}

export async function companyVehicles(db: Kysely<Database>, companyId: number): Promise<VehicleRow[]> {
  return mapDb(db)
    .selectFrom('vehicles as v')
    .leftJoin('fleets as f', (j) => j.onRef('f.id', '=', 'v.fleet_id').onRef('f.company_id', '=', 'v.company_id'))
    .leftJoin('lines as l', (j) => j.onRef('l.id', '=', 'v.line_id').onRef('l.company_id', '=', 'v.company_id'))
    .leftJoin('devices as d', (j) => j.onRef('d.id', '=', 'v.device_id').onRef('d.company_id', '=', 'v.company_id'))
    .select([
      'v.id as car_id',
      'v.car_name',
      'v.lpn',
      'v.imei',
      'v.channel',
      'v.fleet_id',
      'f.fleet_name',
      'v.line_id as route_id',
      'l.route_code',
      'l.route_name',
      'd.terminal_phone',
      'd.device_type',
      'd.online as device_online',
    ])
    .where('v.company_id', '=', companyId)
    .orderBy('v.car_name')
    .orderBy('v.id')
    .execute();
}

export async function companyFleets(
  db: Kysely<Database>,
  companyId: number,
): Promise<{ id: number; fleet_name: string }[]> {
  return mapDb(db)
    .selectFrom('fleets')
    .select(['id', 'fleet_name'])
    .where('company_id', '=', companyId)
    .orderBy('fleet_name')
    .execute();
}

export interface LatestPositionRow {
  vehicle_id: number | null;
  terminal_phone: string;
  lat: number;
  lng: number;
  speed: number;
  azimuth: number;
  mileage: number | null;
  state: number;
  warning: number;
  attached: string;
  event_time: number;
  receive_time: number;
}

/**
 * The newest stored position of each of the company's terminals: the full refresh's fallback when the
 * live module has not seen a vehicle since this process started. One grouped subquery on the
 * (terminal_phone, event_time) index; a terminal resending the same second yields ties, removed by the caller.
 */
export async function latestStoredPositions(db: Kysely<Database>, companyId: number): Promise<LatestPositionRow[]> {
  const tdb = mapDb(db);
  const rows = await tdb
    .selectFrom('positions as p')
    .innerJoin(
      tdb
        .selectFrom('positions')
        .select(['terminal_phone', (eb) => eb.fn.max('event_time').as('max_time')])
        .where('company_id', '=', companyId)
        .groupBy('terminal_phone')
        .as('m'),
      (j) => j.onRef('m.terminal_phone', '=', 'p.terminal_phone').onRef('m.max_time', '=', 'p.event_time'),
    )
    .select([
      'p.vehicle_id',
      'p.terminal_phone',
      'p.lat',
      'p.lng',
      'p.speed',
      'p.azimuth',
      'p.mileage',
      'p.state',
      'p.warning',
      'p.attached',
      'p.event_time',
      'p.receive_time',
    ])
    .where('p.company_id', '=', companyId)
    .orderBy('p.id', 'desc')
    .execute();
  // PostgreSQL returns bigint columns as strings.
  return rows.map((r) => ({
    ...r,
    state: Number(r.state),
    warning: Number(r.warning),
    event_time: Number(r.event_time),
    receive_time: Number(r.receive_time),
  }));
}

const DEFAULT_STYLE = { strokeColor: '#ff0000', strokeWeight: 3, strokeOpacity: 0.5 };

/** The company's lines with each direction's path, style and stations: what the map draws. */
export async function companyLines(db: Kysely<Database>, companyId: number): Promise<OwnLine[]> {
  const tdb = mapDb(db);
  const [lines, directions, paths, stations] = await Promise.all([
    tdb
      .selectFrom('lines')
      .select(['id', 'route_code', 'route_name', 'category', 'color'])
      .where('company_id', '=', companyId)
      .orderBy('sort_id')
      .orderBy('route_code')
      .execute(),
    tdb
      .selectFrom('line_directions')
      .select(['line_id', 'direction', 'origin', 'terminal'])
      .where('company_id', '=', companyId)
      .orderBy('line_id')
      .orderBy('direction')
      .execute(),
    tdb
      .selectFrom('line_paths')
      .select(['line_id', 'direction', 'path', 'style'])
      .where('company_id', '=', companyId)
      .execute(),
    tdb
      .selectFrom('line_stations')
      .select(['id', 'line_id', 'direction', 'serial', 'station_name', 'distance', 'lat', 'lng'])
      .where('company_id', '=', companyId)
      .orderBy('line_id')
      .orderBy('direction')
      .orderBy('serial')
      .execute(),
  ]);
  const key = (lineId: number, direction: number) => `${lineId}:${direction}`;
  const pathOf = new Map(paths.map((p) => [key(p.line_id, p.direction), p]));
  const stationsOf = new Map<string, OwnLine['directions'][number]['stations']>();
  for (const s of stations) {
    const k = key(s.line_id, s.direction);
    let list = stationsOf.get(k);
    if (!list) {
      list = [];
      stationsOf.set(k, list);
    }
    list.push({
      id: s.id,
      serial: s.serial,
      station_name: s.station_name,
      distance: s.distance,
      lat: s.lat,
      lng: s.lng,
    });
  }
  const byLine = new Map<number, OwnLine>(
    lines.map((l) => [
      l.id,
      { route_id: l.id, route_code: l.route_code, route_name: l.route_name, category: l.category, directions: [] },
    ]),
  );
  for (const d of directions) {
    const line = byLine.get(d.line_id);
    if (!line) continue;
    const path = pathOf.get(key(d.line_id, d.direction));
    const stored = path ? parseJson<Record<string, unknown>>(path.style, {}) : {};
    line.directions.push({
      direction: d.direction,
      origin: d.origin,
      terminal: d.terminal,
      path: path?.path ?? '',
      style: {
        strokeColor:
          typeof stored.strokeColor === 'string' && stored.strokeColor ? stored.strokeColor : DEFAULT_STYLE.strokeColor,
        strokeWeight: typeof stored.strokeWeight === 'number' ? stored.strokeWeight : DEFAULT_STYLE.strokeWeight,
        strokeOpacity: typeof stored.strokeOpacity === 'number' ? stored.strokeOpacity : DEFAULT_STYLE.strokeOpacity,
      },
      stations: stationsOf.get(key(d.line_id, d.direction)) ?? [],
    });
  }
  return [...byLine.values()];
}
