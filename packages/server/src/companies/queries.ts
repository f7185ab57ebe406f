import { MULTIPLE_SEARCH_LIMIT_DEFAULT } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { CompanyConfig } from '../contract/index.ts';
import { parseJson } from '../store/json.ts';
import type { CompanyRecord, Database } from '../store/schema.ts';

/** Spec section 5: multi-vehicle track search limited to 60 minutes unless the company says otherwise. */
export const DEFAULT_COMPANY_CONFIG: CompanyConfig = { multiple_search_limit: MULTIPLE_SEARCH_LIMIT_DEFAULT };

export function companyConfig(company: Pick<CompanyRecord, 'config'>): CompanyConfig {
  return { ...DEFAULT_COMPANY_CONFIG, ...parseJson<Partial<CompanyConfig>>(company.config, {}) };
}

/**
 * The company that dresses the login page: HEADWAY_DEFAULT_COMPANY when set, else the first created
 * (a single-tenant deployment has one; a hosted one names its own).
 */
export async function defaultCompany(db: Kysely<Database>, preferredId?: number): Promise<CompanyRecord | undefined> {
  if (preferredId !== undefined) {
    const preferred = await db.selectFrom('companies').selectAll().where('id', '=', preferredId).executeTakeFirst();
    if (preferred) return preferred;
  }
  return db.selectFrom('companies').selectAll().orderBy('id').limit(1).executeTakeFirst();
}
