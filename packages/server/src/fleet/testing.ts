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
