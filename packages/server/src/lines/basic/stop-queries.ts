import { type Kysely, sql } from 'kysely';
import type { BusStopFilter, BusStopRow, ListResult, StopRouteRow } from '../../contract/index.ts';
import { contains, pageOffset } from '../../store/paging.ts';
import type { Database } from '../../store/schema.ts';
import { type TransitDatabase, transitDb } from '../schema.ts';

// Reads and writes of /basic/busstops, every statement scoped to the caller's company.

export interface BusStopValues {
  stop_name: string;
  stop_code: string;
  title: string;
  code: string;
  state: number;
  address: string;
  icon: string;
  is_share: number;
  open_time: string;
  lng: number;
  lat: number;
}

const COLUMNS = [
  'id',
  'stop_id',
  'stop_name',
  'stop_code',
  'title',
  'code',
  'state',
  'address',
  'icon',
  'is_share',
  'open_time',
  'lng',
  'lat',
  'routes',
] as const;

function filtered(db: Kysely<Database>, companyId: number, filter: BusStopFilter) {
  let query = transitDb(db).selectFrom('bus_stops').where('company_id', '=', companyId);
  const search = filter.search?.trim();
  if (search) query = query.where((eb) => eb.or([contains('stop_name', search), contains('stop_code', search)]));
  if (filter.state !== undefined) query = query.where('state', '=', filter.state);
  const route = filter.route_code?.trim();
  if (route) {
    // `routes` is a comma list: match the whole code, not a part of another.
    query = query.where(
      sql<boolean>`(',' || routes || ',') like ${`%,${route.replace(/[\\%_]/g, (c) => `\\${c}`)},%`} escape '\\'`,
    );
  }
  return query;
}

type Stored = { [K in (typeof COLUMNS)[number]]: unknown };

function toRow(r: Stored): BusStopRow {
  return {
    id: Number(r.id),
    stop_id: String(r.stop_id),
    stop_name: String(r.stop_name),
    stop_code: String(r.stop_code),
    title: String(r.title),
    code: String(r.code),
    state: Number(r.state),
    address: String(r.address),
    icon: String(r.icon),
    is_share: Number(r.is_share),
    open_time: String(r.open_time),
    lng: Number(r.lng),
    lat: Number(r.lat),
    routes: String(r.routes),
  };
}

export async function countStops(db: Kysely<Database>, companyId: number, filter: BusStopFilter): Promise<number> {
  const row = await filtered(db, companyId, filter).select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function listStops(
  db: Kysely<Database>,
  companyId: number,
  filter: BusStopFilter,
  page: { page: number; limit: number },
): Promise<ListResult<BusStopRow>> {
  const rows = await filtered(db, companyId, filter)
    .select(COLUMNS)
    .orderBy('stop_code')
    .orderBy('id')
    .limit(page.limit)
    .offset(pageOffset(page))
    .execute();
  return { total: await countStops(db, companyId, filter), rows: rows.map(toRow) };
}

export async function* exportedStops(
  db: Kysely<Database>,
  companyId: number,
  filter: BusStopFilter,
  max = 65_535,
): AsyncGenerator<BusStopRow> {
  const batch = 1000;
  for (let offset = 0; offset < max; offset += batch) {
    const rows = await filtered(db, companyId, filter)
      .select(COLUMNS)
      .orderBy('stop_code')
      .orderBy('id')
      .limit(Math.min(batch, max - offset))
      .offset(offset)
      .execute();
    for (const r of rows) yield toRow(r);
    if (rows.length < batch) return;
  }
}

/** Every stop of the company (the union map and the line editor's stop layer), up to `max`; undefined beyond. */
export async function allStops(
  db: Kysely<Database>,
  companyId: number,
  max: number,
): Promise<BusStopRow[] | undefined> {
  const rows = await filtered(db, companyId, {})
    .select(COLUMNS)
    .orderBy('stop_code')
    .limit(max + 1)
    .execute();
  return rows.length > max ? undefined : rows.map(toRow);
}

/** Stops whose name or code contains the key, nearest matches first (by code), at most `limit`. */
export async function searchStops(db: Kysely<Database>, companyId: number, key: string, limit: number) {
  const rows = await filtered(db, companyId, { search: key })
    .select(COLUMNS)
    .orderBy('stop_name')
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

export async function getStop(db: Kysely<Database>, companyId: number, id: number): Promise<BusStopRow | undefined> {
  const row = await transitDb(db)
    .selectFrom('bus_stops')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function stopFieldTaken(
  db: Kysely<Database>,
  companyId: number,
  field: 'stop_code' | 'stop_name',
  value: string,
  except?: number,
): Promise<boolean> {
  let query = transitDb(db)
    .selectFrom('bus_stops')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(${sql.ref(field)}) = ${value.toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The lines stopping at a stop, with the direction and serial of each visit. */
export async function stopRoutes(db: Kysely<Database>, companyId: number, stopId: string): Promise<StopRouteRow[]> {
  const rows = await transitDb(db)
    .selectFrom('line_stations as s')
    .innerJoin('lines as l', (j) => j.onRef('l.id', '=', 's.line_id').onRef('l.company_id', '=', 's.company_id'))
    .select(['l.id', 'l.route_code', 'l.route_name', 's.direction', 's.serial'])
    .where('s.company_id', '=', companyId)
    .where('s.stop_id', '=', stopId)
    .orderBy('l.route_code')
    .orderBy('s.direction')
    .orderBy('s.serial')
    .execute();
  return rows.map((r) => ({
    route_id: r.id,
    route_code: r.route_code,
    route_name: r.route_name,
    direction: Number(r.direction),
    serial: Number(r.serial),
  }));
}

/** Stations that are this stop (a stop in use cannot be deleted). */
export async function stopUseCount(db: Kysely<Database>, companyId: number, stopId: string): Promise<number> {
  const row = await transitDb(db)
    .selectFrom('line_stations')
    .select(sql<number>`count(distinct line_id)`.as('n'))
    .where('company_id', '=', companyId)
    .where('stop_id', '=', stopId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertStop(db: Kysely<Database>, companyId: number, stopId: string, values: BusStopValues) {
  const row = await transitDb(db)
    .insertInto('bus_stops')
    .values({ ...values, company_id: companyId, stop_id: stopId, routes: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a stop; its stations take its new name and place, so the lines stay what the stop list shows. */
export async function updateStop(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  stopId: string,
  values: BusStopValues,
) {
  const update = async (trx: Kysely<TransitDatabase>) => {
    await trx.updateTable('bus_stops').set(values).where('company_id', '=', companyId).where('id', '=', id).execute();
    await trx
      .updateTable('line_stations')
      .set({ station_name: values.stop_name })
      .where('company_id', '=', companyId)
      .where('stop_id', '=', stopId)
      .execute();
  };
  // An import updates many stops in its own transaction; Kysely cannot open one inside another.
  if (db.isTransaction) await update(transitDb(db));
  else await transitDb(db).transaction().execute(update);
}

export async function deleteStop(db: Kysely<Database>, companyId: number, id: number) {
  await transitDb(db).deleteFrom('bus_stops').where('company_id', '=', companyId).where('id', '=', id).execute();
}
