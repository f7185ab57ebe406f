import type { Kysely } from 'kysely';
import type { LineScope } from '../consoles/scope.ts';
import type { OwnLine, OwnLineVariant } from '../contract/vehicles.ts';
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
  /** CAPABILITY_BITS of the device; null without one. */
  capabilities: number | null;
}

/**
 * The company's vehicles with fleet, line and device; one vehicle when `imei` is given. `scope` (the caller's
 * console lines) keeps only vehicles bound to those lines; undefined keeps the whole company.
 */
export async function companyVehicles(
  db: Kysely<Database>,
  companyId: number,
  imei?: string,
  scope?: LineScope,
): Promise<VehicleRow[]> {
  if (scope && scope.size === 0) return [];
  let query = mapDb(db)
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
      'd.capabilities',
    ])
    .where('v.company_id', '=', companyId);
  if (imei !== undefined) query = query.where('v.imei', '=', imei);
  if (scope) query = query.where('v.line_id', 'in', [...scope]);
  return query.orderBy('v.car_name').orderBy('v.id').execute();
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
 * The newest stored position of each of these terminals: the full refresh's fallback for vehicles the live
 * module has not seen since this process started (offline ones, mostly). One index seek per terminal on
 * positions (terminal_phone, event_time) — never a scan of the company's whole track history.
 */
export async function latestStoredPositions(
  db: Kysely<Database>,
  companyId: number,
  terminalPhones: readonly string[],
): Promise<LatestPositionRow[]> {
  const tdb = mapDb(db);
  const out: LatestPositionRow[] = [];
  // Chunked: SQLite caps bound parameters per statement.
  for (let i = 0; i < terminalPhones.length; i += 500) {
    const chunk = terminalPhones.slice(i, i + 500);
    const latestIds = tdb
      .selectFrom('devices as d')
      .select((eb) =>
        eb
          .selectFrom('positions as x')
          .select('x.id')
          .whereRef('x.terminal_phone', '=', 'd.terminal_phone')
          .orderBy('x.event_time', 'desc')
          .limit(1)
          .as('latest_id'),
      )
      .where('d.company_id', '=', companyId)
      .where('d.terminal_phone', 'in', chunk);
    const rows = await tdb
      .selectFrom('positions as p')
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
      .where('p.id', 'in', latestIds)
      .execute();
    // PostgreSQL returns bigint columns as strings.
    for (const r of rows) {
      out.push({
        ...r,
        state: Number(r.state),
        warning: Number(r.warning),
        event_time: Number(r.event_time),
        receive_time: Number(r.receive_time),
      });
    }
  }
  return out;
}

const DEFAULT_STYLE = { strokeColor: '#ff0000', strokeWeight: 3, strokeOpacity: 0.5 };

/** The company's lines with each direction's path, style and stations: what the map draws; `scope` as above. */
export async function companyLines(db: Kysely<Database>, companyId: number, scope?: LineScope): Promise<OwnLine[]> {
  if (scope && scope.size === 0) return [];
  const inScope = scope ? [...scope] : undefined;
  const tdb = mapDb(db);
  const [lines, directions, paths, stations] = await Promise.all([
    tdb
      .selectFrom('lines')
      .select(['id', 'route_code', 'route_name', 'category', 'color'])
      .where('company_id', '=', companyId)
      .$if(inScope !== undefined, (q) => q.where('id', 'in', inScope ?? []))
      .orderBy('sort_id')
      .orderBy('route_code')
      .execute(),
    tdb
      .selectFrom('line_directions')
      .select(['line_id', 'direction', 'origin', 'terminal'])
      .where('company_id', '=', companyId)
      .$if(inScope !== undefined, (q) => q.where('line_id', 'in', inScope ?? []))
      .orderBy('line_id')
      .orderBy('direction')
      .execute(),
    tdb
      .selectFrom('line_paths')
      .select(['line_id', 'direction', 'path', 'style', 'variant', 'shape_id', 'trips'])
      .where('company_id', '=', companyId)
      .$if(inScope !== undefined, (q) => q.where('line_id', 'in', inScope ?? []))
      .execute(),
    tdb
      .selectFrom('line_stations')
      .select(['id', 'line_id', 'direction', 'serial', 'station_name', 'distance', 'lat', 'lng'])
      .where('company_id', '=', companyId)
      .$if(inScope !== undefined, (q) => q.where('line_id', 'in', inScope ?? []))
      .orderBy('line_id')
      .orderBy('direction')
      .orderBy('serial')
      .execute(),
  ]);
  const key = (lineId: number, direction: number) => `${lineId}:${direction}`;
  // The main path per direction (variant 0); variants (branches, short turns; migration 0008) drawn beside it.
  const pathOf = new Map(paths.filter((p) => p.variant === 0).map((p) => [key(p.line_id, p.direction), p]));
  const variantsOf = new Map<string, OwnLineVariant[]>();
  for (const p of paths) {
    if (p.variant === 0) continue;
    const k = key(p.line_id, p.direction);
    const v = { shape_id: p.shape_id, trips: p.trips, path: p.path, style: variantStyle(p.style) };
    const list = variantsOf.get(k);
    if (list) list.push(v);
    else variantsOf.set(k, [v]);
  }
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
      variants: variantsOf.get(key(d.line_id, d.direction)) ?? [],
    });
  }
  return [...byLine.values()];
}

/** A variant's stored style, thinner and fainter than the main path when the row has none. */
function variantStyle(raw: string): OwnLineVariant['style'] {
  const stored = parseJson<Record<string, unknown>>(raw, {});
  return {
    strokeColor:
      typeof stored.strokeColor === 'string' && stored.strokeColor ? stored.strokeColor : DEFAULT_STYLE.strokeColor,
    strokeWeight: typeof stored.strokeWeight === 'number' ? stored.strokeWeight : 2,
    strokeOpacity: typeof stored.strokeOpacity === 'number' ? stored.strokeOpacity : 0.3,
  };
}
