import { fromHex } from '@headway/protocol';
import { type Expression, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { LineScope } from '../consoles/scope.ts';
import { departuresDb } from '../departures/schema.ts';
import { PASSENGER_ITEM, passengerOf } from '../ingest/vendor-items.ts';
import type { TransitTables } from '../lines/schema.ts';
import type { Database } from '../store/schema.ts';
import { trackDb } from '../tracks/schema.ts';
import type { VisitEvent } from './by-station.ts';
import type { CounterSample, PassengerCounters } from './counters.ts';

// The store reads behind the passenger counts. A week of one vehicle is about 60,000 reports: only the time and
// the 0xE1 item leave the database (extracted from `attached` there), never the whole JSON of each report.

/** How far before the range the last report is looked for, as the starting point of the counters. */
export const BASELINE_LOOKBACK_SECONDS = 86_400;

const ITEM_KEY = `0x${PASSENGER_ITEM.toString(16).padStart(2, '0')}`;

/** The vehicle when the caller may see it: their company's, and inside their consoles' lines if they sit in one. */
export async function visibleVehicle(
  db: Kysely<Database>,
  companyId: number,
  carId: number,
  scope: LineScope,
): Promise<{ id: number } | undefined> {
  if (scope && scope.size === 0) return undefined;
  const row = await db
    .withTables<TransitTables>()
    .selectFrom('vehicles')
    .select(['id', 'line_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', carId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (scope && (row.line_id === null || !scope.has(row.line_id))) return undefined;
  return { id: row.id };
}

/** The 0xE1 value inside `attached`, as JSON text on both engines (null when the report has none). */
function passengerItem(db: Kysely<Database>): RawBuilder<string | null> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return sql<string | null>`(CAST(attached AS json) ->> ${sql.lit(ITEM_KEY)})`;
  }
  // json_valid first: one malformed row must not fail the whole answer (SQLite raises on it).
  return sql<
    string | null
  >`(CASE WHEN json_valid(attached) THEN json_extract(attached, ${sql.lit(`$."${ITEM_KEY}"`)}) END)`;
}

/** The counters of a stored item, `{"raw": hex}` (a list when the report carried the item twice: the first). */
export function countersOf(itemJson: string): PassengerCounters | undefined {
  let value: unknown;
  try {
    value = JSON.parse(itemJson);
  } catch {
    return undefined;
  }
  if (Array.isArray(value)) value = value[0];
  const raw = (value as { raw?: unknown } | null)?.raw;
  if (typeof raw !== 'string') return undefined;
  const bytes = fromHex(raw);
  const p = bytes && passengerOf(bytes);
  if (!p) return undefined;
  return {
    onDay: p.on_day ?? 0,
    onTrip: p.on_trip ?? 0,
    offTrip: p.off_trip ?? 0,
    onReal: p.on_real ?? 0,
    offReal: p.off_real ?? 0,
  };
}

function samplesOf(rows: readonly { event_time: number; item: string | null }[]): CounterSample[] {
  const out: CounterSample[] = [];
  // The counters change only at stops: most reports repeat the previous item word for word, decoded once.
  let lastItem: string | null = null;
  let last: PassengerCounters | undefined;
  for (const row of rows) {
    if (row.item === null) continue;
    if (row.item !== lastItem) {
      lastItem = row.item;
      last = countersOf(row.item);
    }
    if (last) out.push({ time: Number(row.event_time), counters: last });
  }
  return out;
}

/** The vehicle's reports with passenger counters in [start, end], in time order (arrival order within a second). */
export async function counterSamples(
  db: Kysely<Database>,
  companyId: number,
  carId: number,
  range: { start: number; end: number },
): Promise<{ samples: CounterSample[]; baseline: CounterSample | undefined }> {
  const item = passengerItem(db);
  const positions = trackDb(db);
  const [rows, before] = await Promise.all([
    positions
      .selectFrom('positions')
      .select(['event_time', item.as('item')])
      .where('company_id', '=', companyId)
      .where('vehicle_id', '=', carId)
      .where('event_time', '>=', range.start)
      .where('event_time', '<=', range.end)
      .orderBy('event_time')
      .orderBy('id')
      .execute(),
    positions
      .selectFrom('positions')
      .select(['event_time', item.as('item')])
      .where('company_id', '=', companyId)
      .where('vehicle_id', '=', carId)
      .where('event_time', '>=', range.start - BASELINE_LOOKBACK_SECONDS)
      .where('event_time', '<', range.start)
      .where(item as Expression<unknown>, 'is not', null)
      .orderBy('event_time', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .execute(),
  ]);
  return { samples: samplesOf(rows), baseline: samplesOf(before)[0] };
}

/** The vehicle's arrivals and departures in [from, to], in time order (departure first within a second). */
export async function visitEvents(
  db: Kysely<Database>,
  companyId: number,
  carId: number,
  from: number,
  to: number,
): Promise<VisitEvent[]> {
  const rows = await departuresDb(db)
    .selectFrom('station_events')
    .select(['event_time', 'flag', 'route_code', 'direction', 'serial', 'station_name'])
    .where('company_id', '=', companyId)
    .where('car_id', '=', carId)
    .where('event_time', '>=', from)
    .where('event_time', '<=', to)
    .orderBy('event_time')
    .orderBy('flag', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    time: Number(r.event_time),
    flag: r.flag,
    route_code: r.route_code,
    direction: r.direction,
    serial: r.serial,
    station_name: r.station_name,
  }));
}

/** The company's line order (`sort_id`) of these route codes. */
export async function lineOrder(
  db: Kysely<Database>,
  companyId: number,
  routeCodes: readonly string[],
): Promise<Map<string, number>> {
  const codes = [...new Set(routeCodes.filter((c) => c !== ''))];
  if (codes.length === 0) return new Map();
  const rows = await db
    .withTables<TransitTables>()
    .selectFrom('lines')
    .select(['route_code', 'sort_id'])
    .where('company_id', '=', companyId)
    .where('route_code', 'in', codes)
    .execute();
  return new Map(rows.map((r) => [r.route_code, r.sort_id]));
}
