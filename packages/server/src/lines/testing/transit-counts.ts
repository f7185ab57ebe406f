import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { transitDb } from '../schema.ts';

/** What a GTFS round trip must reproduce in a company: its route codes and the counts of what they hold. */
export async function transitCounts(database: Kysely<Database>, companyId: number) {
  const db = transitDb(database);
  const count = async (
    table: 'lines' | 'line_stations' | 'departures' | 'bus_stops' | 'services' | 'line_directions',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const routeCodes = (
    await db
      .selectFrom('lines')
      .select('route_code')
      .where('company_id', '=', companyId)
      .orderBy('route_code')
      .execute()
  ).map((r) => r.route_code);
  return {
    routeCodes,
    lines: await count('lines'),
    directions: await count('line_directions'),
    stations: await count('line_stations'),
    trips: await count('departures'),
    busStops: await count('bus_stops'),
    services: await count('services'),
  };
}
