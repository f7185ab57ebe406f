import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { TransitPlan } from './gtfs/plan.ts';
import { readGtfsFeed } from './gtfs/read.ts';
import { transformFeed } from './gtfs/transform.ts';
import { type PersistResult, persistTransitPlan } from './persist.ts';

export interface ImportResult extends PersistResult {
  plan: TransitPlan;
  companyName: string;
  createdCompany: boolean;
  millis: number;
}

/**
 * Reads, validates, transforms and writes a GTFS zip into the named company (created when missing; the feed's
 * agency name when no name is given). Throws GtfsImportError listing every problem if the feed is invalid,
 * before anything is written.
 */
export async function importGtfsFile(
  db: Kysely<Database>,
  file: string,
  options: { companyName?: string; now?: number } = {},
): Promise<ImportResult> {
  const started = performance.now();
  const plan = transformFeed(await readGtfsFeed(file));
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const companyName = options.companyName ?? plan.company.name;
  const { id, created } = await companyByName(db, companyName, now);
  const result = await persistTransitPlan(db, plan, { companyId: id, now });
  return { ...result, plan, companyName, createdCompany: created, millis: Math.round(performance.now() - started) };
}

export async function companyByName(
  db: Kysely<Database>,
  name: string,
  now: number,
): Promise<{ id: number; created: boolean }> {
  const found = await db.selectFrom('companies').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return { id: found.id, created: false };
  const row = await db
    .insertInto('companies')
    .values({ name, title: name, logo: '', config: '{}', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}
