import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { TransitPlan } from './gtfs/plan.ts';
import type { StepProgress } from './gtfs/progress.ts';
import { type TransitDatabase, transitDb } from './schema.ts';

export interface PersistResult {
  companyId: number;
  lines: number;
  directions: number;
  /** Variant paths stored beside the main one (branches and short turns). */
  variants: number;
  stations: number;
  busStops: number;
  services: number;
  departures: number;
  duties: number;
}

/** Rows per INSERT: under SQLite's and PostgreSQL's bound-parameter limits for our widest table. */
const CHUNK = 400;

/**
 * Writes an imported feed into a company, in one transaction. Re-importing is idempotent: lines are matched by
 * route_code and keep their id (vehicles and staff bound to a line stay bound), everything derived from the feed
 * (directions, stations, paths, bus stops, services, departures, duties) is replaced.
 */
export async function persistTransitPlan(
  db: Kysely<Database>,
  plan: TransitPlan,
  options: { companyId: number; now?: number; onProgress?: StepProgress },
): Promise<PersistResult> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const companyId = options.companyId;
  // Progress counts rows written, told once per batch (400 rows), so it costs nothing beside the INSERTs.
  const stationTotal = plan.lines.reduce((n, l) => n + l.directions.reduce((m, d) => m + d.stations.length, 0), 0);
  const total =
    plan.lines.length +
    stationTotal +
    plan.busStops.length +
    plan.services.length +
    plan.departures.length +
    plan.duties.length;
  let written = 0;
  const wrote = (rows: number) => {
    written += rows;
    options.onProgress?.(Math.min(1, written / (total || 1)));
  };
  return transitDb(db)
    .transaction()
    .execute(async (trx) => {
      const lineIds = await upsertLines(trx, plan, companyId, now);
      wrote(plan.lines.length);
      const imported = [...lineIds.values()];
      for (const table of ['line_directions', 'line_stations', 'line_paths', 'departures'] as const) {
        if (imported.length) {
          await trx.deleteFrom(table).where('company_id', '=', companyId).where('line_id', 'in', imported).execute();
        }
      }
      // Duties may hold vehicle and crew assignments; keep those rows and refresh their trips instead.
      const existingDuties = await trx
        .selectFrom('duties')
        .select(['id', 'service_id', 'block_id'])
        .where('company_id', '=', companyId)
        .execute();
      await trx.deleteFrom('bus_stops').where('company_id', '=', companyId).execute();
      await trx.deleteFrom('services').where('company_id', '=', companyId).execute();

      let directions = 0;
      let variants = 0;
      let stations = 0;
      for (const line of plan.lines) {
        const lineId = lineIds.get(line.routeCode)!;
        for (const d of line.directions) {
          directions++;
          await trx
            .insertInto('line_directions')
            .values({
              company_id: companyId,
              line_id: lineId,
              direction: d.direction,
              origin: d.origin,
              terminal: d.terminal,
              first_time: d.firstTime,
              last_time: d.lastTime,
              distance: d.distance,
              intervals: d.intervals,
              avg_station_km: d.avgStationKm,
              station_count: d.stationCount,
              shape_id: d.shapeId,
            })
            .execute();
          variants += d.variants.length;
          await trx
            .insertInto('line_paths')
            .values([
              {
                company_id: companyId,
                line_id: lineId,
                direction: d.direction,
                path: d.path,
                // Spec route path style; colour from the feed's route_color.
                style: JSON.stringify({ strokeColor: line.color, strokeWeight: 3, strokeOpacity: 0.5 }),
                shape_id: d.shapeId,
                trips: d.trips,
                variant: 0,
                max_offset: 0,
              },
              // Variants in the line's colour, thinner and fainter: the map shows the line as passengers know it,
              // with its branches and short turns visible but secondary.
              ...d.variants.map((v) => ({
                company_id: companyId,
                line_id: lineId,
                direction: d.direction,
                path: v.path,
                style: JSON.stringify({ strokeColor: line.color, strokeWeight: 2, strokeOpacity: 0.3 }),
                shape_id: v.shapeId,
                trips: v.trips,
                variant: 1,
                max_offset: v.maxOffset,
              })),
            ])
            .execute();
          const rows = d.stations.map((s) => ({
            company_id: companyId,
            line_id: lineId,
            direction: d.direction,
            serial: s.serial,
            station_name: s.stationName,
            azimuth: s.azimuth,
            distance: s.distance,
            duration: s.duration,
            stop_id: s.stopId,
            lng: s.lng,
            lat: s.lat,
          }));
          stations += rows.length;
          await insertChunks(trx, 'line_stations', rows, wrote);
        }
      }

      await insertChunks(
        trx,
        'bus_stops',
        plan.busStops.map((s) => ({
          company_id: companyId,
          stop_id: s.stopId,
          stop_name: s.stopName,
          stop_code: s.stopCode,
          lng: s.lng,
          lat: s.lat,
          routes: s.routes.join(','),
        })),
        wrote,
      );
      await insertChunks(
        trx,
        'services',
        plan.services.map((s) => ({
          company_id: companyId,
          service_id: s.serviceId,
          weekdays: s.weekdays,
          start_date: s.startDate,
          end_date: s.endDate,
          added: s.added.join(','),
          removed: s.removed.join(','),
        })),
        wrote,
      );
      await insertChunks(
        trx,
        'departures',
        plan.departures.map((d) => ({
          company_id: companyId,
          line_id: lineIds.get(d.routeCode)!,
          direction: d.direction,
          service_id: d.serviceId,
          trip_id: d.tripId,
          block_id: d.blockId,
          shape_id: d.shapeId,
          headsign: d.headsign,
          departure_time: d.departureTime,
          arrival_time: d.arrivalTime,
          stop_count: d.stopCount,
        })),
        wrote,
      );

      const dutyKey = (serviceId: string, blockId: string) => `${serviceId}\u0000${blockId}`;
      const existing = new Map(existingDuties.map((d) => [dutyKey(d.service_id, d.block_id), d.id]));
      const fresh = [];
      for (const d of plan.duties) {
        const values = {
          line_id: lineIds.get(d.routeCode)!,
          start_time: d.startTime,
          end_time: d.endTime,
          trip_ids: JSON.stringify(d.tripIds),
        };
        const id = existing.get(dutyKey(d.serviceId, d.blockId));
        if (id !== undefined) {
          await trx.updateTable('duties').set(values).where('id', '=', id).execute();
          existing.delete(dutyKey(d.serviceId, d.blockId));
        } else {
          fresh.push({ company_id: companyId, service_id: d.serviceId, block_id: d.blockId, ...values });
        }
      }
      await insertChunks(trx, 'duties', fresh);
      wrote(plan.duties.length);
      const gone = [...existing.values()];
      for (let i = 0; i < gone.length; i += CHUNK) {
        await trx
          .deleteFrom('duties')
          .where('id', 'in', gone.slice(i, i + CHUNK))
          .execute();
      }

      return {
        companyId,
        lines: plan.lines.length,
        directions,
        variants,
        stations,
        busStops: plan.busStops.length,
        services: plan.services.length,
        departures: plan.departures.length,
        duties: plan.duties.length,
      };
    });
}

async function upsertLines(
  trx: Transaction<TransitDatabase>,
  plan: TransitPlan,
  companyId: number,
  now: number,
): Promise<Map<string, number>> {
  const existing = await trx
    .selectFrom('lines')
    .select(['id', 'route_code'])
    .where('company_id', '=', companyId)
    .execute();
  const ids = new Map(existing.map((l) => [l.route_code, l.id]));
  for (const line of plan.lines) {
    const values = {
      route_name: line.routeName,
      sort_id: line.sortId,
      category: line.category,
      color: line.color,
      gtfs_route_id: line.gtfsRouteId,
    };
    const id = ids.get(line.routeCode);
    if (id !== undefined) {
      await trx.updateTable('lines').set(values).where('id', '=', id).execute();
    } else {
      const row = await trx
        .insertInto('lines')
        .values({ company_id: companyId, route_code: line.routeCode, fleet_id: null, created_at: now, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(line.routeCode, row.id);
    }
  }
  return new Map(plan.lines.map((l) => [l.routeCode, ids.get(l.routeCode)!]));
}

type InsertTable = 'line_stations' | 'bus_stops' | 'services' | 'departures' | 'duties';

async function insertChunks(
  trx: Transaction<TransitDatabase>,
  table: InsertTable,
  rows: object[],
  wrote?: (rows: number) => void,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Rows were typed by the caller against the same table; Kysely cannot check a table chosen at run time.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
    wrote?.(Math.min(CHUNK, rows.length - i));
  }
}
