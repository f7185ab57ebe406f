import { type Kysely, sql } from 'kysely';
import type { ListResult, OrganisationNode, OrganisationRow } from '../../contract/index.ts';
import { contains, pageOffset } from '../../store/paging.ts';
import type { Database } from '../../store/schema.ts';
import { organisationDb } from '../schema.ts';

// The store side of /basic/organisations: the company's organisation tree (departments, depots, workshops) that
// fleets and staff belong to. Every statement carries the company id.

export interface OrganisationFilter {
  search?: string | undefined;
  parent_id?: number | undefined;
}

export interface OrganisationValues {
  organ_name: string;
  parent_id: number | null;
  organ_code: string;
  leader: string;
  phone: string;
  sort_id: number;
  remark: string;
}

function filtered(db: Kysely<Database>, companyId: number, filter: OrganisationFilter) {
  let query = organisationDb(db)
    .selectFrom('organisations as o')
    .leftJoin('organisations as p', (j) =>
      j.onRef('p.id', '=', 'o.parent_id').onRef('p.company_id', '=', 'o.company_id'),
    )
    .where('o.company_id', '=', companyId);
  const search = filter.search?.trim();
  if (search) query = query.where((eb) => eb.or([contains('o.organ_name', search), contains('o.organ_code', search)]));
  if (filter.parent_id !== undefined) query = query.where('o.parent_id', '=', filter.parent_id);
  return query;
}

function selectRows(db: Kysely<Database>, companyId: number, filter: OrganisationFilter) {
  return filtered(db, companyId, filter).select((eb) => [
    'o.id',
    'o.organ_name',
    'o.organ_code',
    'o.parent_id',
    'p.organ_name as parent_name',
    'o.leader',
    'o.phone',
    'o.sort_id',
    'o.remark',
    'o.created_at',
    'o.updated_at',
    eb
      .selectFrom('employees as e')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('e.organ_id', '=', 'o.id')
      .whereRef('e.company_id', '=', 'o.company_id')
      .as('employee_count'),
  ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function toRow(r: Stored): OrganisationRow {
  return {
    id: Number(r.id),
    organ_name: r.organ_name,
    organ_code: r.organ_code,
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
    parent_name: r.parent_name ?? '',
    leader: r.leader,
    phone: r.phone,
    sort_id: Number(r.sort_id),
    remark: r.remark,
    employee_count: Number(r.employee_count ?? 0),
    created_at: Number(r.created_at),
    // Rows made before 0016 have no update time: their creation is the last change.
    updated_at: Number(r.updated_at) || Number(r.created_at),
  };
}

export async function countOrganisations(db: Kysely<Database>, companyId: number, filter: OrganisationFilter) {
  const row = await filtered(db, companyId, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listOrganisations(
  db: Kysely<Database>,
  companyId: number,
  filter: OrganisationFilter,
  page: { page: number; limit: number },
): Promise<ListResult<OrganisationRow>> {
  const rows = await selectRows(db, companyId, filter)
    .orderBy('o.sort_id')
    .orderBy('o.id')
    .limit(page.limit)
    .offset(pageOffset(page))
    .execute();
  return { total: await countOrganisations(db, companyId, filter), rows: rows.map(toRow) };
}

export async function allOrganisations(
  db: Kysely<Database>,
  companyId: number,
  filter: OrganisationFilter,
  max: number,
) {
  return (await selectRows(db, companyId, filter).orderBy('o.sort_id').orderBy('o.id').limit(max).execute()).map(toRow);
}

export async function getOrganisation(db: Kysely<Database>, companyId: number, id: number) {
  const row = await selectRows(db, companyId, {}).where('o.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function organisationNameTaken(db: Kysely<Database>, companyId: number, name: string, except?: number) {
  let query = organisationDb(db)
    .selectFrom('organisations')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(organ_name) = ${name.toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The whole tree of the company, children in sort order: the pickers of the fleet and staff forms. */
export async function organisationTree(db: Kysely<Database>, companyId: number): Promise<OrganisationNode[]> {
  const rows = await organisationDb(db)
    .selectFrom('organisations')
    .select(['id', 'organ_name', 'parent_id'])
    .where('company_id', '=', companyId)
    .orderBy('sort_id')
    .orderBy('id')
    .execute();
  const nodes = new Map<number, OrganisationNode>(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        organ_name: r.organ_name,
        parent_id: r.parent_id === null ? null : Number(r.parent_id),
        children: [],
      },
    ]),
  );
  const roots: OrganisationNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Whether `candidate` is `id` itself or below it: a parent there would make a cycle. */
export async function isSelfOrBelow(db: Kysely<Database>, companyId: number, id: number, candidate: number) {
  const rows = await organisationDb(db)
    .selectFrom('organisations')
    .select(['id', 'parent_id'])
    .where('company_id', '=', companyId)
    .execute();
  const parentOf = new Map(rows.map((r) => [Number(r.id), r.parent_id === null ? null : Number(r.parent_id)]));
  let at: number | null | undefined = candidate;
  for (let hops = 0; at !== null && at !== undefined && hops <= parentOf.size; hops++) {
    if (at === id) return true;
    at = parentOf.get(at);
  }
  return false;
}

export async function insertOrganisation(
  db: Kysely<Database>,
  companyId: number,
  values: OrganisationValues,
  now: number,
) {
  const row = await organisationDb(db)
    .insertInto('organisations')
    .values({ company_id: companyId, ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateOrganisation(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  values: OrganisationValues,
  now: number,
) {
  await organisationDb(db)
    .updateTable('organisations')
    .set({ ...values, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** What still belongs to an organisation: sub-organisations, fleets and staff. */
export async function organisationUsers(db: Kysely<Database>, companyId: number, id: number) {
  const odb = organisationDb(db);
  const children = await odb
    .selectFrom('organisations')
    .select(sql<number>`count(*)`.as('n'))
    .where('company_id', '=', companyId)
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow();
  const count = async (table: 'fleets' | 'employees') =>
    Number(
      (
        await odb
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .where('company_id', '=', companyId)
          .where('organ_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { organisations: Number(children.n), fleets: await count('fleets'), employees: await count('employees') };
}

export async function deleteOrganisation(db: Kysely<Database>, companyId: number, id: number) {
  await organisationDb(db)
    .deleteFrom('organisations')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}
