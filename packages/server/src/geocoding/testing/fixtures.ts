import type { Kysely } from 'kysely';
import { transitDb } from '../../lines/schema.ts';
import type { Database } from '../../store/schema.ts';
import type { LatLng } from '../geo.ts';

export interface FixtureLine {
  code: string;
  name: string;
  path: LatLng[];
}

export interface FixtureStop extends LatLng {
  name: string;
  routes?: string;
}

let stopIds = 0;

/** Lines with a main path and bus stops for one company, as a GTFS import would leave them. */
export async function seedNetwork(
  db: Kysely<Database>,
  companyId: number,
  network: { lines?: FixtureLine[]; stops?: FixtureStop[] },
): Promise<void> {
  const tdb = transitDb(db);
  for (const line of network.lines ?? []) {
    const row = await tdb
      .insertInto('lines')
      .values({
        company_id: companyId,
        route_code: line.code,
        route_name: line.name,
        sort_id: 0,
        category: 0,
        fleet_id: null,
        color: '#2266cc',
        gtfs_route_id: line.code,
        created_at: 1_763_780_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tdb
      .insertInto('line_paths')
      .values({
        company_id: companyId,
        line_id: row.id,
        direction: 1,
        path: line.path.map((p) => `${p.lat},${p.lng}`).join('|'),
        style: '{}',
      })
      .execute();
  }
  for (const stop of network.stops ?? []) {
    await tdb
      .insertInto('bus_stops')
      .values({
        company_id: companyId,
        stop_id: `stop-${++stopIds}`,
        stop_name: stop.name,
        stop_code: '',
        lat: stop.lat,
        lng: stop.lng,
        routes: stop.routes ?? '',
      })
      .execute();
  }
}
