import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/**
 * The seam where the simulator issue adds the demo company's lines, stations and vehicles (from the GTFS
 * data in /data). Each seeder runs on every start after the company exists and must be idempotent itself.
 */
export type DemoSeeder = (db: Kysely<Database>, companyId: number) => Promise<void>;

const seeders: { name: string; seed: DemoSeeder }[] = [];

export function registerDemoSeeder(name: string, seed: DemoSeeder): void {
  if (!seeders.some((s) => s.name === name)) seeders.push({ name, seed });
}

export async function seedDemoLines(db: Kysely<Database>, companyId: number): Promise<string[]> {
  for (const { seed } of seeders) await seed(db, companyId);
  return seeders.map((s) => s.name);
}
