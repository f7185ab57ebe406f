import { type Kysely, sql } from 'kysely';
import type { FleetRow, ListResult } from '../../contract/index.ts';
import { contains, pageOffset } from '../../store/paging.ts';
import type { Database } from '../../store/schema.ts';
import { organisationDb } from '../schema.ts';

// The store side of /basic/fleets. Every statement carries the company id.

export interface FleetFilter {
  search?: string | undefined;
  category?: number | undefined;
  organ_id?: number | undefined;
}

export interface FleetValues {
  fleet_name: string;
  category: number;
  organ_id: number | null;
  leader: string;
  phone: string;
  remark: string;
}

function filtered(db: Kysely<Database>, companyId: number, filter: FleetFilter) {
  let query = organisationDb(db)
    .selectFrom('fleets as f')
    .leftJoin('organisations as o', (j) =>
      j.onRef('o.id', '=', 'f.organ_id').onRef('o.company_id', '=', 'f.company_id'),
    )
    .where('f.company_id', '=', companyId);
  const search = filter.search?.trim();
  if (search) query = query.where((eb) => eb.or([contains('f.fleet_name', search), contains('f.leader', search)]));
  if (filter.category !== undefined) query = query.where('f.category', '=', filter.category);
  if (filter.organ_id !== undefined) query = query.where('f.organ_id', '=', filter.organ_id);
  return query;
}

function selectRows(db: Kysely<Database>, companyId: number, filter: FleetFilter) {
  return filtered(db, companyId, filter).select((eb) => [
    'f.id',
    'f.fleet_name',
    'f.category',
    'f.organ_id',
    'o.organ_name',
    'f.leader',
    'f.phone',
    'f.remark',
    'f.created_at',
    'f.updated_at',
    eb
      .selectFrom('vehicles as v')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('v.fleet_id', '=', 'f.id')
      .whereRef('v.company_id', '=', 'f.company_id')
      .as('vehicle_count'),
    eb
      .selectFrom('employees as e')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('e.fleet_id', '=', 'f.id')
      .whereRef('e.company_id', '=', 'f.company_id')
      .as('employee_count'),
  ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function toRow(r: Stored): FleetRow {
  return {
    id: Number(r.id),
    fleet_name: r.fleet_name,
    category: Number(r.category),
    organ_id: r.organ_id === null ? null : Number(r.organ_id),
    organ_name: r.organ_name ?? '',
    leader: r.leader,
    phone: r.phone,
    remark: r.remark,
    vehicle_count: Number(r.vehicle_count ?? 0),
    employee_count: Number(r.employee_count ?? 0),
    created_at: Number(r.created_at),
    // Rows made before 0016 have no update time: their creation is the last change.
    updated_at: Number(r.updated_at) || Number(r.created_at),
  };
}

export async function countFleets(db: Kysely<Database>, companyId: number, filter: FleetFilter): Promise<number> {
  const row = await filtered(db, companyId, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listFleets(
  db: Kysely<Database>,
  companyId: number,
  filter: FleetFilter,
  page: { page: number; limit: number },
): Promise<ListResult<FleetRow>> {
  const rows = await selectRows(db, companyId, filter)
    .orderBy('f.id', 'desc')
    .limit(page.limit)
    .offset(pageOffset(page))
    .execute();
  return { total: await countFleets(db, companyId, filter), rows: rows.map(toRow) };
}

export async function allFleets(db: Kysely<Database>, companyId: number, filter: FleetFilter, max: number) {
  return (await selectRows(db, companyId, filter).orderBy('f.id', 'desc').limit(max).execute()).map(toRow);
}

export async function getFleet(db: Kysely<Database>, companyId: number, id: number): Promise<FleetRow | undefined> {
  const row = await selectRows(db, companyId, {}).where('f.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function fleetNameTaken(db: Kysely<Database>, companyId: number, name: string, except?: number) {
  let query = organisationDb(db)
    .selectFrom('fleets')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(fleet_name) = ${name.toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertFleet(db: Kysely<Database>, companyId: number, values: FleetValues, now: number) {
  const row = await organisationDb(db)
    .insertInto('fleets')
    .values({ company_id: companyId, ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateFleet(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  values: FleetValues,
  now: number,
) {
  await organisationDb(db)
    .updateTable('fleets')
    .set({ ...values, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** What still points at a fleet: vehicles, lines and staff. A fleet is deleted only when all are 0. */
export async function fleetUsers(db: Kysely<Database>, companyId: number, id: number) {
  const odb = organisationDb(db);
  const count = async (table: 'vehicles' | 'lines' | 'employees') => {
    const row = await odb
      .selectFrom(table)
      .select(sql<number>`count(*)`.as('n'))
      .where('company_id', '=', companyId)
      .where('fleet_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return { vehicles: await count('vehicles'), lines: await count('lines'), employees: await count('employees') };
}

export async function deleteFleet(db: Kysely<Database>, companyId: number, id: number) {
  await organisationDb(db).deleteFrom('fleets').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** Every fleet of the company as a picker choice. */
export async function fleetOptions(db: Kysely<Database>, companyId: number) {
  const rows = await organisationDb(db)
    .selectFrom('fleets')
    .select(['id', 'fleet_name'])
    .where('company_id', '=', companyId)
    .orderBy('fleet_name')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), label: r.fleet_name }));
}
