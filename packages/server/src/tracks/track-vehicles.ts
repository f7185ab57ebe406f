import type { Kysely } from 'kysely';
import type { LineScope } from '../consoles/scope.ts';
import { departuresDb } from '../departures/schema.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { transitDb } from '../lines/schema.ts';
import type { Database } from '../store/schema.ts';
import type { TrackAsk } from './query-rules.ts';

/** A vehicle whose track is answered, with the names every one of its points carries. */
export interface TrackVehicle {
  id: number;
  imei: string;
  car_name: string;
}

/**
 * The vehicles of a track query, in car_id order, within the caller's company and console lines (`scope`, as
 * consoles/scope.ts defines it: vehicles bound to those lines today). A named vehicle the caller cannot see —
 * another company's, outside the console, or unknown — refuses the whole query with 1008 naming it: an answer
 * silently missing a requested bus would read as "it did not move".
 */
export async function trackVehicles(
  db: Kysely<Database>,
  companyId: number,
  ask: TrackAsk,
  scope: LineScope,
): Promise<TrackVehicle[]> {
  const ids = ask.routeCode === undefined ? ask.carIds : await lineVehicleIds(db, companyId, ask);
  if (ids.length === 0) return [];
  const found: TrackVehicle[] = [];
  const tdb = transitDb(db);
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await tdb
      .selectFrom('vehicles')
      .select(['id', 'imei', 'car_name', 'line_id'])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      if (scope && (r.line_id === null || !scope.has(r.line_id))) continue;
      found.push({ id: r.id, imei: r.imei, car_name: r.car_name });
    }
  }
  found.sort((a, b) => a.id - b.id);
  if (ask.routeCode === undefined && found.length < ids.length) {
    const seen = new Set(found.map((v) => v.id));
    throw new ApiError(ErrorCode.recordMissing, {
      field: ask.carIds.length > 1 ? 'car_list' : 'car_id',
      car_ids: ids.filter((id) => !seen.has(id)),
      reason: 'no such vehicle in your company and consoles',
    });
  }
  return found;
}

/** A line's vehicles: those that passed its stations in the span, and those bound to it now. */
async function lineVehicleIds(db: Kysely<Database>, companyId: number, ask: TrackAsk): Promise<number[]> {
  const code = ask.routeCode ?? '';
  const ran = await departuresDb(db)
    .selectFrom('station_events')
    .select('car_id')
    .distinct()
    .where('company_id', '=', companyId)
    .where('event_time', '>=', ask.start)
    .where('event_time', '<=', ask.end)
    .where('route_code', '=', code)
    .execute();
  const bound = await transitDb(db)
    .selectFrom('vehicles as v')
    .innerJoin('lines as l', (j) => j.onRef('l.id', '=', 'v.line_id').onRef('l.company_id', '=', 'v.company_id'))
    .select('v.id')
    .where('v.company_id', '=', companyId)
    .where('l.route_code', '=', code)
    .execute();
  return [...new Set([...ran.map((r) => r.car_id), ...bound.map((r) => r.id)])];
}
