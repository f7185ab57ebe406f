import { companyTimeZone } from '../alarms/export/time-zone.ts';
import type { LineMapDb } from './schema.ts';

/** The company's IANA zone (companies.config.time_zone; UTC when unset or unknown): service days count in it. */
export async function companyZone(db: LineMapDb, companyId: number): Promise<string> {
  const company = await db.selectFrom('companies').select('config').where('id', '=', companyId).executeTakeFirst();
  return companyTimeZone(company?.config ?? '{}');
}
