import { LINE_DEFAULT_STYLE, type LineStyle } from '@headway/spec';
import { type Kysely, sql } from 'kysely';
import type {
  DirectionDetail,
  DirectionRow,
  ListResult,
  OwnRouteRow,
  RouteDetail,
  RouteFilter,
  RouteRow,
  StationRow,
} from '../../contract/index.ts';
import { parseJson } from '../../store/json.ts';
import { contains, pageOffset } from '../../store/paging.ts';
import type { Database } from '../../store/schema.ts';
import { transitDb } from '../schema.ts';

// Reads of /basic/routes and /basic/route/directions. Every statement carries the caller's company id: a line of
// another company is missing (1008) to the caller.

function lineRows(db: Kysely<Database>, companyId: number) {
  return transitDb(db)
    .selectFrom('lines')
    .leftJoin('fleets', (j) =>
      j.onRef('fleets.id', '=', 'lines.fleet_id').onRef('fleets.company_id', '=', 'lines.company_id'),
    )
    .where('lines.company_id', '=', companyId);
}

function filtered(db: Kysely<Database>, companyId: number, filter: RouteFilter) {
  let query = lineRows(db, companyId);
  const search = filter.search?.trim();
  if (search)
    query = query.where((eb) => eb.or([contains('lines.route_code', search), contains('lines.route_name', search)]));
  if (filter.category !== undefined) query = query.where('lines.category', '=', filter.category);
  if (filter.state !== undefined) query = query.where('lines.state', '=', filter.state);
  if (filter.travel !== undefined) query = query.where('lines.travel', '=', filter.travel);
  if (filter.fleet_id !== undefined) query = query.where('lines.fleet_id', '=', filter.fleet_id);
  return query;
}

function selectRow(query: ReturnType<typeof lineRows>) {
  return query.select((eb) => [
    'lines.id',
    'lines.route_code',
    'lines.route_name',
    'lines.sort_id',
    'lines.category',
    'lines.state',
    'lines.fleet_id',
    'fleets.fleet_name',
    'lines.trunk',
    'lines.travel',
    'lines.open_time',
    'lines.stop_time',
    'lines.ticket',
    'lines.remark',
    'lines.color',
    'lines.created_at',
    'lines.updated_at',
    eb
      .selectFrom('line_directions')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('line_directions.line_id', '=', 'lines.id')
      .as('direction_count'),
    eb
      .selectFrom('line_directions')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('line_directions.line_id', '=', 'lines.id')
      .where('line_directions.is_checked', '=', 1)
      .as('checked_count'),
    eb
      .selectFrom('vehicles')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('vehicles.line_id', '=', 'lines.id')
      .as('vehicle_count'),
    eb
      .selectFrom('employees')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('employees.line_id', '=', 'lines.id')
      .as('employee_count'),
  ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>[number];

function toRow(r: Stored): RouteRow {
  return {
    id: r.id,
    route_id: r.id,
    route_code: r.route_code,
    route_name: r.route_name,
    sort_id: Number(r.sort_id),
    category: Number(r.category),
    state: Number(r.state),
    fleet_id: r.fleet_id === null ? null : Number(r.fleet_id),
    fleet_name: r.fleet_name ?? '',
    trunk: Number(r.trunk),
    travel: Number(r.travel),
    open_time: r.open_time,
    stop_time: r.stop_time,
    ticket: r.ticket,
    remark: r.remark,
    color: r.color,
    direction_count: Number(r.direction_count ?? 0),
    checked_count: Number(r.checked_count ?? 0),
    vehicle_count: Number(r.vehicle_count ?? 0),
    employee_count: Number(r.employee_count ?? 0),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

export async function countRoutes(db: Kysely<Database>, companyId: number, filter: RouteFilter): Promise<number> {
  const row = await filtered(db, companyId, filter).select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Sorted as a timetable is: sort_id, then code. */
export async function listRoutes(
  db: Kysely<Database>,
  companyId: number,
  filter: RouteFilter,
  page: { page: number; limit: number },
): Promise<ListResult<RouteRow>> {
  const rows = await selectRow(filtered(db, companyId, filter))
    .orderBy('lines.sort_id')
    .orderBy('lines.route_code')
    .orderBy('lines.id')
    .limit(page.limit)
    .offset(pageOffset(page))
    .execute();
  return { total: await countRoutes(db, companyId, filter), rows: rows.map(toRow) };
}

export async function getRoute(db: Kysely<Database>, companyId: number, id: number): Promise<RouteRow | undefined> {
  const row = await selectRow(lineRows(db, companyId).where('lines.id', '=', id)).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function ownRoutes(db: Kysely<Database>, companyId: number): Promise<OwnRouteRow[]> {
  const rows = await transitDb(db)
    .selectFrom('lines')
    .select(['id', 'route_code', 'route_name', 'category', 'state'])
    .where('company_id', '=', companyId)
    .orderBy('sort_id')
    .orderBy('route_code')
    .execute();
  return rows.map((r) => ({
    route_id: r.id,
    route_code: r.route_code,
    route_name: r.route_name,
    category: Number(r.category),
    state: Number(r.state),
  }));
}

function parseStyle(text: string): LineStyle {
  const value = parseJson<Partial<LineStyle>>(text, {});
  return {
    strokeColor: typeof value.strokeColor === 'string' ? value.strokeColor : LINE_DEFAULT_STYLE.strokeColor,
    strokeWeight: typeof value.strokeWeight === 'number' ? value.strokeWeight : LINE_DEFAULT_STYLE.strokeWeight,
    strokeOpacity: typeof value.strokeOpacity === 'number' ? value.strokeOpacity : LINE_DEFAULT_STYLE.strokeOpacity,
  };
}

/** A line's directions with their main path and style, up before down. */
export async function routeDirections(
  db: Kysely<Database>,
  companyId: number,
  lineId: number,
  direction?: number,
): Promise<DirectionRow[]> {
  let query = transitDb(db)
    .selectFrom('line_directions as d')
    .leftJoin('line_paths as p', (j) =>
      j.onRef('p.line_id', '=', 'd.line_id').onRef('p.direction', '=', 'd.direction').on('p.variant', '=', 0),
    )
    .select([
      'd.id',
      'd.line_id',
      'd.direction',
      'd.origin',
      'd.terminal',
      'd.first_time',
      'd.last_time',
      'd.distance',
      'd.intervals',
      'd.price',
      'd.avg_station_km',
      'd.station_count',
      'd.is_actived',
      'd.is_checked',
      'p.path',
      'p.style',
    ])
    .where('d.company_id', '=', companyId)
    .where('d.line_id', '=', lineId);
  if (direction !== undefined) query = query.where('d.direction', '=', direction);
  const rows = await query.orderBy('d.direction').execute();
  return rows.map((r) => ({
    id: r.id,
    route_id: r.line_id,
    direction: Number(r.direction),
    origin: r.origin,
    terminal: r.terminal,
    first_time: r.first_time,
    last_time: r.last_time,
    distance: Number(r.distance),
    intervals: Number(r.intervals),
    price: Number(r.price),
    avg_station_km: Number(r.avg_station_km),
    station_count: Number(r.station_count),
    is_actived: Number(r.is_actived),
    is_checked: Number(r.is_checked),
    path: r.path ?? '',
    style: parseStyle(r.style ?? '{}'),
  }));
}

export function stationRows(db: Kysely<Database>, companyId: number) {
  return transitDb(db)
    .selectFrom('line_stations as s')
    .innerJoin('lines as l', (j) => j.onRef('l.id', '=', 's.line_id').onRef('l.company_id', '=', 's.company_id'))
    .where('s.company_id', '=', companyId)
    .select([
      's.id',
      's.line_id',
      'l.route_code',
      'l.route_name',
      's.direction',
      's.serial',
      's.station_name',
      's.abridge',
      's.flag',
      's.azimuth',
      's.distance',
      's.duration',
      's.stop_id',
      's.is_opposite',
      's.lng',
      's.lat',
    ]);
}

type StoredStation = Awaited<ReturnType<ReturnType<typeof stationRows>['execute']>>[number];

export function toStationRow(r: StoredStation): StationRow {
  return {
    id: r.id,
    route_id: r.line_id,
    route_code: r.route_code,
    route_name: r.route_name,
    direction: Number(r.direction),
    serial: Number(r.serial),
    station_name: r.station_name,
    abridge: r.abridge,
    flag: Number(r.flag),
    azimuth: Number(r.azimuth),
    distance: Number(r.distance),
    duration: Number(r.duration),
    stop_id: r.stop_id,
    is_opposite: Number(r.is_opposite),
    lng: Number(r.lng),
    lat: Number(r.lat),
  };
}

export async function routeStations(
  db: Kysely<Database>,
  companyId: number,
  lineId: number,
  direction?: number,
): Promise<StationRow[]> {
  let query = stationRows(db, companyId).where('s.line_id', '=', lineId);
  if (direction !== undefined) query = query.where('s.direction', '=', direction);
  const rows = await query.orderBy('s.direction').orderBy('s.serial').execute();
  return rows.map(toStationRow);
}

export async function routeDetail(
  db: Kysely<Database>,
  companyId: number,
  id: number,
): Promise<RouteDetail | undefined> {
  const route = await getRoute(db, companyId, id);
  if (!route) return undefined;
  const directions = await directionDetails(db, companyId, id);
  return { ...route, directions };
}

export async function directionDetails(
  db: Kysely<Database>,
  companyId: number,
  lineId: number,
  direction?: number,
): Promise<DirectionDetail[]> {
  const [directions, stations] = await Promise.all([
    routeDirections(db, companyId, lineId, direction),
    routeStations(db, companyId, lineId, direction),
  ]);
  return directions.map((d) => ({ ...d, stations: stations.filter((s) => s.direction === d.direction) }));
}

/** Another line of the company has this code or name already (case-insensitive). */
export async function routeFieldTaken(
  db: Kysely<Database>,
  companyId: number,
  field: 'route_code' | 'route_name',
  value: string,
  except?: number,
): Promise<boolean> {
  let query = transitDb(db)
    .selectFrom('lines')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(${sql.ref(field)}) = ${value.toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Every matching line in list order, read in pages (the export). */
export async function* exportedRoutes(
  db: Kysely<Database>,
  companyId: number,
  filter: RouteFilter,
  max = 65_535,
): AsyncGenerator<RouteRow> {
  const batch = 1000;
  for (let offset = 0; offset < max; offset += batch) {
    const rows = await selectRow(filtered(db, companyId, filter))
      .orderBy('lines.sort_id')
      .orderBy('lines.route_code')
      .orderBy('lines.id')
      .limit(Math.min(batch, max - offset))
      .offset(offset)
      .execute();
    for (const r of rows) yield toRow(r);
    if (rows.length < batch) return;
  }
}
