import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { ruleError } from './rules.ts';
import { organisationDb } from './schema.ts';

// A reference in a body (organ_id, fleet_id, route_id, employee_id) must name a row of the caller's company; another
// company's id is "unknown" (1004) exactly as a missing one, so ids of other tenants cannot be probed.

type Referenced = 'organisations' | 'fleets' | 'lines' | 'employees';

export async function reference(
  db: Kysely<Database>,
  companyId: number,
  table: Referenced,
  field: string,
  id: number | null | undefined,
): Promise<number | null> {
  if (id === null || id === undefined) return null;
  const row = await organisationDb(db)
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw ruleError(field, 'unknown');
  return id;
}
