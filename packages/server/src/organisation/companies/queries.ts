import { type Kysely, sql } from 'kysely';
import type { CompanyRow, ListResult } from '../../contract/index.ts';
import { contains, pageOffset } from '../../store/paging.ts';
import type { Database } from '../../store/schema.ts';
import { organisationDb } from '../schema.ts';

// The store side of /basic/companies. A system administrator sees every company (`only` undefined); anyone else
// their own (`only` their company id).

export interface CompanyScope {
  /** The one company the caller may see; undefined for a system administrator. */
  only: number | undefined;
}

export interface CompanyFilter {
  search?: string | undefined;
}

export interface CompanyValues {
  name: string;
  title: string;
  logo: string;
  contact: string;
  phone: string;
  address: string;
  remark: string;
  sales_level: number;
  archive_days: number;
  peaks: string;
  authorised_vehicles: number;
  expire_time: number | null;
}

function filtered(db: Kysely<Database>, scope: CompanyScope, filter: CompanyFilter) {
  let query = organisationDb(db).selectFrom('companies as c');
  if (scope.only !== undefined) query = query.where('c.id', '=', scope.only);
  const search = filter.search?.trim();
  if (search) query = query.where((eb) => eb.or([contains('c.name', search), contains('c.contact', search)]));
  return query;
}

function selectRows(db: Kysely<Database>, scope: CompanyScope, filter: CompanyFilter) {
  return filtered(db, scope, filter).select((eb) => [
    'c.id',
    'c.name',
    'c.title',
    'c.logo',
    'c.contact',
    'c.phone',
    'c.address',
    'c.remark',
    'c.sales_level',
    'c.archive_days',
    'c.peaks',
    'c.authorised_vehicles',
    'c.expire_time',
    'c.created_at',
    'c.updated_at',
    eb
      .selectFrom('vehicles as v')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('v.company_id', '=', 'c.id')
      .as('vehicle_count'),
    eb
      .selectFrom('users as u')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('u.company_id', '=', 'c.id')
      .as('user_count'),
  ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function toRow(r: Stored): CompanyRow {
  return {
    id: Number(r.id),
    name: r.name,
    title: r.title,
    logo: r.logo,
    contact: r.contact,
    phone: r.phone,
    address: r.address,
    remark: r.remark,
    sales_level: Number(r.sales_level),
    archive_days: Number(r.archive_days),
    peaks: r.peaks,
    authorised_vehicles: Number(r.authorised_vehicles),
    vehicle_count: Number(r.vehicle_count ?? 0),
    user_count: Number(r.user_count ?? 0),
    expire_time: r.expire_time === null ? null : Number(r.expire_time),
    created_at: Number(r.created_at),
    // Companies made before 0016 have no update time: their creation is the last change.
    updated_at: Number(r.updated_at) || Number(r.created_at),
  };
}

export async function countCompanies(db: Kysely<Database>, scope: CompanyScope, filter: CompanyFilter) {
  const row = await filtered(db, scope, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listCompanies(
  db: Kysely<Database>,
  scope: CompanyScope,
  filter: CompanyFilter,
  page: { page: number; limit: number },
): Promise<ListResult<CompanyRow>> {
  const rows = await selectRows(db, scope, filter).orderBy('c.id').limit(page.limit).offset(pageOffset(page)).execute();
  return { total: await countCompanies(db, scope, filter), rows: rows.map(toRow) };
}

export async function allCompanies(db: Kysely<Database>, scope: CompanyScope, filter: CompanyFilter, max: number) {
  return (await selectRows(db, scope, filter).orderBy('c.id').limit(max).execute()).map(toRow);
}

export async function getCompany(db: Kysely<Database>, scope: CompanyScope, id: number) {
  const row = await selectRows(db, scope, {}).where('c.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Company names are unique across the deployment (the login page and the platform's lists name them). */
export async function companyNameTaken(db: Kysely<Database>, name: string, except?: number) {
  let query = db.selectFrom('companies').select('id').where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertCompany(db: Kysely<Database>, values: CompanyValues, now: number) {
  const row = await organisationDb(db)
    .insertInto('companies')
    .values({ ...values, config: '{}', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateCompany(db: Kysely<Database>, id: number, values: CompanyValues, now: number) {
  await organisationDb(db)
    .updateTable('companies')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteCompany(db: Kysely<Database>, id: number) {
  // Everything of the company goes with it (company_id references cascade).
  await db.deleteFrom('companies').where('id', '=', id).execute();
}
