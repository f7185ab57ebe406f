import { fillLabel, type Language, LINE_BOUND, labelIn } from '@headway/spec';
import type { Kysely } from 'kysely';
import { ApiError, ErrorCode, parameterError } from '../../kernel/errors.ts';
import type { Database } from '../../store/schema.ts';
import { type TransitDatabase, transitDb } from '../schema.ts';
import { type DirectionValues, pathText, type RouteValues } from './line-input.ts';
import { assignStops, refreshStopRoutes } from './stop-codes.ts';

// Writes of /basic/routes and /basic/route/directions, each in one transaction: a line is never seen by the
// ingest with half its stations. The caller announces the change to the ingest afterwards.

type Tx = Kysely<TransitDatabase>;

async function assertFleet(trx: Tx, companyId: number, fleetId: number | null): Promise<void> {
  if (fleetId === null) return;
  const fleet = await trx
    .selectFrom('fleets')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', fleetId)
    .executeTakeFirst();
  if (!fleet) throw parameterError('fleet_id', 'no such fleet');
}

/** stop_ids the stations name must be stops of the company. */
async function assertStops(trx: Tx, companyId: number, directions: DirectionValues[]): Promise<void> {
  const named = [...new Set(directions.flatMap((d) => d.stations.map((s) => s.stop_id)).filter(Boolean))];
  for (let i = 0; i < named.length; i += 400) {
    const chunk = named.slice(i, i + 400);
    const found = await trx
      .selectFrom('bus_stops')
      .select('stop_id')
      .where('company_id', '=', companyId)
      .where('stop_id', 'in', chunk)
      .execute();
    const known = new Set(found.map((f) => f.stop_id));
    const missing = chunk.find((id) => !known.has(id));
    if (missing !== undefined) throw parameterError('stop_id', `no bus stop ${missing}`);
  }
}

async function writeDirections(trx: Tx, companyId: number, lineId: number, directions: DirectionValues[]) {
  await assertStops(trx, companyId, directions);
  for (const d of directions) {
    await assignStops(trx, companyId, d.stations);
    for (const table of ['line_directions', 'line_stations', 'line_paths'] as const) {
      await trx
        .deleteFrom(table)
        .where('company_id', '=', companyId)
        .where('line_id', '=', lineId)
        .where('direction', '=', d.direction)
        .execute();
    }
    await trx
      .insertInto('line_directions')
      .values({
        company_id: companyId,
        line_id: lineId,
        direction: d.direction,
        origin: d.origin,
        terminal: d.terminal,
        first_time: d.first_time,
        last_time: d.last_time,
        distance: d.distance,
        intervals: d.intervals,
        price: d.price,
        avg_station_km: d.avg_station_km,
        station_count: d.stations.length,
        shape_id: '',
        is_actived: d.is_actived,
        is_checked: 1,
      })
      .execute();
    await trx
      .insertInto('line_paths')
      .values({
        company_id: companyId,
        line_id: lineId,
        direction: d.direction,
        path: pathText(d),
        style: JSON.stringify(d.style),
      })
      .execute();
    for (let i = 0; i < d.stations.length; i += 200) {
      await trx
        .insertInto('line_stations')
        .values(
          d.stations
            .slice(i, i + 200)
            .map((s) => ({ ...s, company_id: companyId, line_id: lineId, direction: d.direction })),
        )
        .execute();
    }
  }
}

/** Creates a line (and its directions when given), answering its id. */
export async function createLine(
  db: Kysely<Database>,
  companyId: number,
  values: RouteValues,
  directions: DirectionValues[] | undefined,
  now: number,
): Promise<number> {
  return transitDb(db)
    .transaction()
    .execute(async (trx) => {
      await assertFleet(trx, companyId, values.fleet_id);
      const { id } = await trx
        .insertInto('lines')
        .values({ ...values, company_id: companyId, gtfs_route_id: '', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (directions?.length) {
        await writeDirections(trx, companyId, id, directions);
        await refreshStopRoutes(trx, companyId);
      }
      return id;
    });
}

/** Updates a line; with directions, they replace all the line's directions (one left out is removed). */
export async function updateLine(
  db: Kysely<Database>,
  companyId: number,
  lineId: number,
  values: RouteValues,
  directions: DirectionValues[] | undefined,
  now: number,
): Promise<void> {
  await transitDb(db)
    .transaction()
    .execute(async (trx) => {
      await assertFleet(trx, companyId, values.fleet_id);
      await trx
        .updateTable('lines')
        .set({ ...values, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', lineId)
        .execute();
      if (directions) {
        const kept = directions.map((d) => d.direction);
        for (const table of ['line_directions', 'line_stations', 'line_paths'] as const) {
          let query = trx.deleteFrom(table).where('company_id', '=', companyId).where('line_id', '=', lineId);
          if (kept.length) query = query.where('direction', 'not in', kept);
          await query.execute();
        }
        await writeDirections(trx, companyId, lineId, directions);
      }
      // A code change renames the line in every stop's list too.
      await refreshStopRoutes(trx, companyId);
    });
}

/** Stores one direction of a line (POST/PUT /basic/route/directions), replacing what that direction held. */
export async function saveDirection(
  db: Kysely<Database>,
  companyId: number,
  lineId: number,
  direction: DirectionValues,
  now: number,
): Promise<void> {
  await transitDb(db)
    .transaction()
    .execute(async (trx) => {
      await writeDirections(trx, companyId, lineId, [direction]);
      await trx
        .updateTable('lines')
        .set({ updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', lineId)
        .execute();
      await refreshStopRoutes(trx, companyId);
    });
}

export async function deleteDirection(db: Kysely<Database>, companyId: number, lineId: number, direction: number) {
  await transitDb(db)
    .transaction()
    .execute(async (trx) => {
      for (const table of ['line_directions', 'line_stations', 'line_paths'] as const) {
        await trx
          .deleteFrom(table)
          .where('company_id', '=', companyId)
          .where('line_id', '=', lineId)
          .where('direction', '=', direction)
          .execute();
      }
      await refreshStopRoutes(trx, companyId);
    });
}

/**
 * Deletes a line with everything it holds (directions, stations, paths, timetable). Refused while vehicles or
 * staff are bound to it (spec section 5): 1004 with `bound` and the reason in the caller's language.
 */
export async function deleteLine(db: Kysely<Database>, companyId: number, lineId: number, language: Language) {
  await transitDb(db)
    .transaction()
    .execute(async (trx) => {
      const count = async (table: 'vehicles' | 'employees') =>
        Number(
          (
            await trx
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('company_id', '=', companyId)
              .where('line_id', '=', lineId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const vehicles = await count('vehicles');
      const employees = await count('employees');
      if (vehicles || employees) {
        throw new ApiError(ErrorCode.parameter, {
          field: 'route_id',
          reason: 'bound',
          vehicles,
          employees,
          message: fillLabel(labelIn(LINE_BOUND, language), vehicles, employees),
        });
      }
      // Directions, stations, paths, departures and duties go with it (ON DELETE CASCADE, migration 0002).
      await trx.deleteFrom('lines').where('company_id', '=', companyId).where('id', '=', lineId).execute();
      await refreshStopRoutes(trx, companyId);
    });
}
