import type { Kysely } from 'kysely';
import type { LineScope } from '../consoles/scope.ts';
import type { DepartArriveRow } from '../contract/departures.ts';

export type { DepartArriveRow };

import type { TransitTables } from '../lines/schema.ts';
import type { Database } from '../store/schema.ts';
import { departuresDb, type NewStationEvent } from './schema.ts';

export interface DepartArriveFilter {
  routeCode?: string | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  carId?: number | undefined;
  /** 'desc' newest first (the report's order, default); 'asc' oldest first, so a replay pages forward in time. */
  order?: 'asc' | 'desc' | undefined;
}

/**
 * One company's events, newest first (oldest first with `order: 'asc'`); every filter optional, the company never.
 * `scope` (the caller's console lines) keeps the events of vehicles bound to those lines today, whatever line the
 * event was recorded on.
 */
export async function searchDepartArrive(
  db: Kysely<Database>,
  companyId: number,
  filter: DepartArriveFilter,
  page: { page: number; limit: number },
  scope?: LineScope,
): Promise<{ total: number; rows: DepartArriveRow[] }> {
  if (scope && scope.size === 0) return { total: 0, rows: [] };
  const edb = departuresDb(db).withTables<TransitTables>();
  let q = edb.selectFrom('station_events').where('company_id', '=', companyId);
  if (scope) {
    const lines = [...scope];
    q = q.where('car_id', 'in', (eb) =>
      eb.selectFrom('vehicles').select('id').where('company_id', '=', companyId).where('line_id', 'in', lines),
    );
  }
  if (filter.routeCode) q = q.where('route_code', '=', filter.routeCode);
  if (filter.carId !== undefined) q = q.where('car_id', '=', filter.carId);
  if (filter.startTime !== undefined) q = q.where('event_time', '>=', filter.startTime);
  if (filter.endTime !== undefined) q = q.where('event_time', '<=', filter.endTime);
  const direction = filter.order ?? 'desc';
  const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await q
    .select([
      'id',
      'imei',
      'car_id',
      'car_name',
      'route_code',
      'route_name',
      'serial',
      'station_name',
      'direction',
      'flag',
      'event_time',
      'state',
      'support',
    ])
    .orderBy('event_time', direction)
    .orderBy('id', direction)
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  return { total: Number(counted?.n ?? 0), rows };
}

/** Rows per INSERT: 15 columns × 400 stays far under SQLite's bound-parameter cap. */
const CHUNK = 400;

export async function insertStationEvents(db: Kysely<Database>, rows: readonly NewStationEvent[]): Promise<void> {
  if (rows.length === 0) return;
  const edb = departuresDb(db);
  await edb.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx
        .insertInto('station_events')
        .values(rows.slice(i, i + CHUNK) as NewStationEvent[])
        .execute();
    }
  });
}
