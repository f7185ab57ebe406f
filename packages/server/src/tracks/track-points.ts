import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../store/schema.ts';
import { trackDb } from './schema.ts';

// Reading stored positions for the track query: one vehicle at a time, in (event_time, id) order, in keyset pages
// over the covering index positions_track (migration 0010) so an answer of any size holds one page in memory and no cursor or transaction
// stays open between pages (a long read must not hold back the partition maintenance on PostgreSQL).

/**
 * A stored point as the answer needs it: its place in the order, and the rest of its JSON object built by the
 * database (`,"lat":…,"receive_time":…}`). Materialising 11 columns of 60,000 rows as JavaScript values measured
 * most of the query's time; one string per row is a fraction of that, and the database formats numbers the way
 * JSON wants them (docs/performance.md "Track query").
 */
export interface StoredPoint {
  id: number;
  event_time: number;
  tail: string;
}

// Each engine's text for a number is a valid JSON number (SQLite may write 30.0, PostgreSQL the shortest exact
// form); attached is quoted as a JSON string by the engine's own JSON function.
const SQLITE_TAIL = sql<string>`',"lat":' || lat || ',"lng":' || lng || ',"azimuth":' || azimuth || ',"speed":' || speed
  || ',"mileage":' || ifnull(mileage, 'null') || ',"state":' || state || ',"warning":' || warning
  || ',"attached":' || json_quote(attached) || ',"event_time":' || event_time || ',"receive_time":' || receive_time || '}'`;
const POSTGRES_TAIL = sql<string>`',"lat":' || lat || ',"lng":' || lng || ',"azimuth":' || azimuth || ',"speed":' || speed
  || ',"mileage":' || coalesce(mileage::text, 'null') || ',"state":' || state || ',"warning":' || warning
  || ',"attached":' || to_json(attached)::text || ',"event_time":' || event_time || ',"receive_time":' || receive_time || '}'`;

export interface PointRange {
  companyId: number;
  start: number;
  end: number;
  /** km/h; points slower than this are left out (0: every point). */
  minSpeed: number;
}

/** Stored points of these vehicles in the range, counted on the index alone (before the speed filter). */
export async function countPoints(db: Kysely<Database>, range: PointRange, vehicleIds: readonly number[]) {
  let total = 0;
  for (let i = 0; i < vehicleIds.length; i += 500) {
    const row = await trackDb(db)
      .selectFrom('positions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('company_id', '=', range.companyId)
      .where('vehicle_id', 'in', vehicleIds.slice(i, i + 500))
      .where('event_time', '>=', range.start)
      .where('event_time', '<=', range.end)
      .executeTakeFirst();
    total += Number(row?.n ?? 0);
  }
  return total;
}

/** One vehicle's points in time order, `pageSize` rows a query. */
export async function* vehiclePoints(
  db: Kysely<Database>,
  range: PointRange,
  vehicleId: number,
  pageSize: number,
): AsyncGenerator<StoredPoint[]> {
  const tail = db.getExecutor().adapter instanceof PostgresAdapter ? POSTGRES_TAIL : SQLITE_TAIL;
  let after: { time: number; id: number } | undefined;
  for (;;) {
    const from = after;
    const rows = await trackDb(db)
      .selectFrom('positions')
      .select(['id', 'event_time', tail.as('tail')])
      .where('company_id', '=', range.companyId)
      .where('vehicle_id', '=', vehicleId)
      .where('event_time', '>=', from ? from.time : range.start)
      .where('event_time', '<=', range.end)
      .$if(from !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('event_time', '>', from?.time ?? 0),
            eb.and([eb('event_time', '=', from?.time ?? 0), eb('id', '>', from?.id ?? 0)]),
          ]),
        ),
      )
      .$if(range.minSpeed > 0, (q) => q.where('speed', '>=', range.minSpeed))
      .orderBy('event_time')
      .orderBy('id')
      .limit(pageSize)
      .execute();
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1] as StoredPoint;
    after = { time: Number(last.event_time), id: Number(last.id) };
  }
}
