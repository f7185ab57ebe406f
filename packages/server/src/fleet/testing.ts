import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { fleetDb } from './schema.ts';

// Fixtures for the fleet's tests: lines and fleets are another issue's screens, so tests make them in the store.

export async function seedLine(db: Kysely<Database>, companyId: number, routeCode: string): Promise<number> {
  const row = await fleetDb(db)
    .insertInto('lines')
    .values({
      company_id: companyId,
      route_code: routeCode,
      route_name: `Line ${routeCode}`,
      sort_id: 0,
      category: 0,
      fleet_id: null,
      color: '#FF0000',
      gtfs_route_id: '',
      created_at: Math.floor(Date.now() / 1000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function seedFleet(db: Kysely<Database>, companyId: number, name: string): Promise<number> {
  const row = await fleetDb(db)
    .insertInto('fleets')
    .values({ company_id: companyId, fleet_name: name, category: 0, created_at: Math.floor(Date.now() / 1000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * A line with both directions drawn through Shenzhen's test fixes (gateway/testing/fixture.ts busFix): a straight
 * path of about 1.5 km and a station at each end, so the ingest computes progress (and real_data.route) on it.
 */
export async function seedDrawnLine(db: Kysely<Database>, companyId: number, routeCode: string): Promise<number> {
  const lineId = await seedLine(db, companyId, routeCode);
  const from = { lat: 22.54, lng: 114.054 };
  const to = { lat: 22.55, lng: 114.064 };
  const fdb = fleetDb(db);
  for (const direction of [1, 2]) {
    const [a, b] = direction === 1 ? [from, to] : [to, from];
    await fdb
      .insertInto('line_paths')
      .values({
        company_id: companyId,
        line_id: lineId,
        direction,
        path: `${a.lat},${a.lng}|${(a.lat + b.lat) / 2},${(a.lng + b.lng) / 2}|${b.lat},${b.lng}`,
        style: '{}',
      })
      .execute();
    for (const [serial, at, distance] of [
      [1, a, 0],
      [2, b, 1500],
    ] as const) {
      await fdb
        .insertInto('line_stations')
        .values({
          company_id: companyId,
          line_id: lineId,
          direction,
          serial,
          station_name: `${routeCode} stop ${serial}`,
          azimuth: 45,
          distance,
          duration: 0,
          stop_id: `${routeCode}-${direction}-${serial}`,
          lng: at.lng,
          lat: at.lat,
        })
        .execute();
    }
  }
  return lineId;
}
