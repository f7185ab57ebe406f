import type { Kysely } from 'kysely';
import type { GtfsChangeCounts } from '../../contract/index.ts';
import type { Database } from '../../store/schema.ts';
import type { TransitPlan } from '../gtfs/plan.ts';
import { transitDb } from '../schema.ts';

// What an import will create, update, leave unchanged and remove, per kind, found by comparing the plan with the
// company's rows before persistTransitPlan replaces them. Rows are keyed as the persister matches them (lines by
// route_code) or as the feed names them (stops, trips, services by their GTFS ids; stations by line, direction and
// serial), and compared on the columns the import writes, so re-importing the same feed reports all unchanged.

export type KindCounts = Record<'created' | 'updated' | 'unchanged' | 'removed', GtfsChangeCounts>;
type Kind = keyof GtfsChangeCounts;
type Values = readonly (string | number)[];

/** Equal as stored: PostgreSQL's `real` (avg_station_km and the like) and drivers' numeric text differ in the last digits. */
function same(a: Values, b: Values): boolean {
  return a.length === b.length && a.every((v, i) => sameValue(v, b[i]!));
}

function sameValue(a: string | number, b: string | number): boolean {
  if (typeof a === 'number' || typeof b === 'number') {
    const x = Number(a);
    const y = Number(b);
    return Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(x), Math.abs(y));
  }
  return a === b;
}

function tally(before: Map<string, Values>, after: Map<string, Values>) {
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  for (const [key, values] of after) {
    const old = before.get(key);
    if (!old) created++;
    else if (same(old, values)) unchanged++;
    else updated++;
  }
  let removed = 0;
  for (const key of before.keys()) if (!after.has(key)) removed++;
  return { created, updated, unchanged, removed };
}

export async function planChanges(db: Kysely<Database>, companyId: number, plan: TransitPlan): Promise<KindCounts> {
  const t = transitDb(db);
  const codes = new Set(plan.lines.map((l) => l.routeCode));
  const lines = await t
    .selectFrom('lines')
    .select(['id', 'route_code', 'route_name', 'sort_id', 'category', 'color', 'gtfs_route_id'])
    .where('company_id', '=', companyId)
    .execute();
  // Stations and trips of lines outside the feed are left alone by the import, so they are not compared.
  const codeOf = new Map(lines.filter((l) => codes.has(l.route_code)).map((l) => [l.id, l.route_code]));
  const stations = await t
    .selectFrom('line_stations')
    .select([
      'line_id',
      'direction',
      'serial',
      'station_name',
      'stop_id',
      'lng',
      'lat',
      'distance',
      'azimuth',
      'duration',
    ])
    .where('company_id', '=', companyId)
    .execute();
  const stops = await t
    .selectFrom('bus_stops')
    .select(['stop_id', 'stop_name', 'stop_code', 'lng', 'lat', 'routes'])
    .where('company_id', '=', companyId)
    .execute();
  const trips = await t
    .selectFrom('departures')
    .select([
      'line_id',
      'trip_id',
      'direction',
      'service_id',
      'block_id',
      'shape_id',
      'headsign',
      'departure_time',
      'arrival_time',
      'stop_count',
    ])
    .where('company_id', '=', companyId)
    .execute();
  const services = await t
    .selectFrom('services')
    .select(['service_id', 'weekdays', 'start_date', 'end_date', 'added', 'removed'])
    .where('company_id', '=', companyId)
    .execute();

  const compared: Record<Kind, [Map<string, Values>, Map<string, Values>]> = {
    lines: [
      new Map(
        lines.map((l) => [l.route_code, [l.route_name, l.sort_id, l.category, l.color, l.gtfs_route_id]] as const),
      ),
      new Map(plan.lines.map((l) => [l.routeCode, [l.routeName, l.sortId, l.category, l.color, l.gtfsRouteId]])),
    ],
    stations: [
      new Map(
        stations
          .filter((s) => codeOf.has(s.line_id))
          .map((s) => [
            `${codeOf.get(s.line_id)}\u0000${s.direction}\u0000${s.serial}`,
            [s.station_name, s.stop_id, s.lng, s.lat, s.distance, s.azimuth, s.duration],
          ]),
      ),
      new Map(
        plan.lines.flatMap((l) =>
          l.directions.flatMap((d) =>
            d.stations.map((s) => [
              `${l.routeCode}\u0000${d.direction}\u0000${s.serial}`,
              [s.stationName, s.stopId, s.lng, s.lat, s.distance, s.azimuth, s.duration],
            ]),
          ),
        ),
      ),
    ],
    stops: [
      new Map(stops.map((s) => [s.stop_id, [s.stop_name, s.stop_code, s.lng, s.lat, s.routes]])),
      new Map(plan.busStops.map((s) => [s.stopId, [s.stopName, s.stopCode, s.lng, s.lat, s.routes.join(',')]])),
    ],
    trips: [
      new Map(
        trips
          .filter((d) => codeOf.has(d.line_id))
          .map((d) => [
            d.trip_id,
            [
              codeOf.get(d.line_id)!,
              d.direction,
              d.service_id,
              d.block_id,
              d.shape_id,
              d.headsign,
              d.departure_time,
              d.arrival_time,
              d.stop_count,
            ],
          ]),
      ),
      new Map(
        plan.departures.map((d) => [
          d.tripId,
          [
            d.routeCode,
            d.direction,
            d.serviceId,
            d.blockId,
            d.shapeId,
            d.headsign,
            d.departureTime,
            d.arrivalTime,
            d.stopCount,
          ],
        ]),
      ),
    ],
    services: [
      new Map(services.map((s) => [s.service_id, [s.weekdays, s.start_date, s.end_date, s.added, s.removed]])),
      new Map(
        plan.services.map((s) => [
          s.serviceId,
          [s.weekdays, s.startDate, s.endDate, s.added.join(','), s.removed.join(',')],
        ]),
      ),
    ],
  };
  const zero = (): GtfsChangeCounts => ({ lines: 0, stations: 0, stops: 0, trips: 0, services: 0 });
  const counts: KindCounts = { created: zero(), updated: zero(), unchanged: zero(), removed: zero() };
  for (const kind of Object.keys(compared) as Kind[]) {
    const [before, after] = compared[kind];
    const t = tally(before, after);
    counts.created[kind] = t.created;
    counts.updated[kind] = t.updated;
    counts.unchanged[kind] = t.unchanged;
    // The import leaves lines outside the feed alone: they are not removed.
    counts.removed[kind] = kind === 'lines' ? 0 : t.removed;
  }
  return counts;
}
