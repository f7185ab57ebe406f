import { maskSensitive } from '@headway/spec';
import { type Kysely, sql } from 'kysely';
import type { EmployeeRow, ListResult, OptionRow } from '../../contract/index.ts';
import { contains, pageOffset } from '../../store/paging.ts';
import type { Database } from '../../store/schema.ts';
import { organisationDb } from '../schema.ts';

// The store side of /basic/employees. The spec's emp_id (employee number) is the column emp_no (the ingest looks
// drivers up by it); the row's own id is `id`. Sensitive numbers leave the store masked (spec section 5).

export interface EmployeeFilter {
  search?: string | undefined;
  emp_type?: number | undefined;
  state?: number | undefined;
  fleet_id?: number | undefined;
  organ_id?: number | undefined;
  route_id?: number | undefined;
}

/** The stored values of an employee, validated (input.ts). */
export interface EmployeeValues {
  emp_no: string;
  emp_name: string;
  nick_name: string;
  emp_type: number;
  phone: string;
  organ_id: number | null;
  fleet_id: number | null;
  line_id: number | null;
  birthday: string;
  sex: number;
  id_number: string;
  licence_no: string;
  licence_class: string;
  licence_expiry: string;
  certificate_no: string;
  ic_card: string;
  state: number;
  entry_time: number | null;
  quit_time: number | null;
  remark: string;
}

function filtered(db: Kysely<Database>, companyId: number, filter: EmployeeFilter) {
  let query = organisationDb(db)
    .selectFrom('employees as e')
    .leftJoin('organisations as o', (j) =>
      j.onRef('o.id', '=', 'e.organ_id').onRef('o.company_id', '=', 'e.company_id'),
    )
    .leftJoin('fleets as f', (j) => j.onRef('f.id', '=', 'e.fleet_id').onRef('f.company_id', '=', 'e.company_id'))
    .leftJoin('lines as l', (j) => j.onRef('l.id', '=', 'e.line_id').onRef('l.company_id', '=', 'e.company_id'))
    .where('e.company_id', '=', companyId);
  const search = filter.search?.trim();
  if (search) {
    query = query.where((eb) =>
      eb.or([
        contains('e.emp_no', search),
        contains('e.emp_name', search),
        contains('e.nick_name', search),
        contains('e.phone', search),
        contains('e.ic_card', search),
      ]),
    );
  }
  if (filter.emp_type !== undefined) query = query.where('e.emp_type', '=', filter.emp_type);
  if (filter.state !== undefined) query = query.where('e.state', '=', filter.state);
  if (filter.fleet_id !== undefined) query = query.where('e.fleet_id', '=', filter.fleet_id);
  if (filter.organ_id !== undefined) query = query.where('e.organ_id', '=', filter.organ_id);
  if (filter.route_id !== undefined) query = query.where('e.line_id', '=', filter.route_id);
  return query;
}

function selectRows(db: Kysely<Database>, companyId: number, filter: EmployeeFilter) {
  return filtered(db, companyId, filter).select([
    'e.id',
    'e.emp_no',
    'e.emp_name',
    'e.nick_name',
    'e.emp_type',
    'e.phone',
    'e.organ_id',
    'o.organ_name',
    'e.fleet_id',
    'f.fleet_name',
    'e.line_id',
    'l.route_name',
    'e.birthday',
    'e.sex',
    'e.id_number',
    'e.licence_no',
    'e.licence_class',
    'e.licence_expiry',
    'e.certificate_no',
    'e.ic_card',
    'e.state',
    'e.entry_time',
    'e.quit_time',
    'e.remark',
    'e.created_at',
    'e.updated_at',
  ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];
const maybe = (n: number | null) => (n === null ? null : Number(n));

function toRow(r: Stored): EmployeeRow {
  return {
    id: Number(r.id),
    emp_id: r.emp_no,
    emp_name: r.emp_name,
    nick_name: r.nick_name,
    emp_type: Number(r.emp_type),
    phone: r.phone,
    organ_id: maybe(r.organ_id),
    organ_name: r.organ_name ?? '',
    fleet_id: maybe(r.fleet_id),
    fleet_name: r.fleet_name ?? '',
    route_id: maybe(r.line_id),
    route_name: r.route_name ?? '',
    birthday: r.birthday,
    sex: Number(r.sex),
    id_number: maskSensitive(r.id_number),
    licence_no: maskSensitive(r.licence_no),
    licence_class: r.licence_class,
    licence_expiry: r.licence_expiry,
    certificate_no: maskSensitive(r.certificate_no),
    ic_card: r.ic_card,
    state: Number(r.state),
    entry_time: maybe(r.entry_time),
    quit_time: maybe(r.quit_time),
    remark: r.remark,
    created_at: Number(r.created_at),
    // Rows made before 0016 have no update time: their creation is the last change.
    updated_at: Number(r.updated_at) || Number(r.created_at),
  };
}

export async function countEmployees(db: Kysely<Database>, companyId: number, filter: EmployeeFilter) {
  const row = await filtered(db, companyId, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listEmployees(
  db: Kysely<Database>,
  companyId: number,
  filter: EmployeeFilter,
  page: { page: number; limit: number },
): Promise<ListResult<EmployeeRow>> {
  const rows = await selectRows(db, companyId, filter)
    .orderBy('e.id', 'desc')
    .limit(page.limit)
    .offset(pageOffset(page))
    .execute();
  return { total: await countEmployees(db, companyId, filter), rows: rows.map(toRow) };
}

export async function allEmployees(db: Kysely<Database>, companyId: number, filter: EmployeeFilter, max: number) {
  return (await selectRows(db, companyId, filter).orderBy('e.emp_no').limit(max).execute()).map(toRow);
}

export async function getEmployee(db: Kysely<Database>, companyId: number, id: number) {
  const row = await selectRows(db, companyId, {}).where('e.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** The sensitive values as stored, to tell a masked value sent back from a new one. */
export async function storedSecrets(db: Kysely<Database>, companyId: number, id: number) {
  return organisationDb(db)
    .selectFrom('employees')
    .select(['id_number', 'licence_no', 'certificate_no', 'state', 'quit_time'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether an employee other than `except` has this value in `column` (case-insensitive). */
export async function employeeValueTaken(
  db: Kysely<Database>,
  companyId: number,
  column: 'emp_no' | 'ic_card',
  value: string,
  except?: number,
) {
  let query = organisationDb(db)
    .selectFrom('employees')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The largest employee number: the longest, then the greatest (D0100 after D0099, 10 after 9). */
export async function maxEmployeeNumber(db: Kysely<Database>, companyId: number): Promise<string | null> {
  const row = await organisationDb(db)
    .selectFrom('employees')
    .select('emp_no')
    .where('company_id', '=', companyId)
    .orderBy(sql`length(emp_no)`, 'desc')
    .orderBy('emp_no', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.emp_no ?? null;
}

export async function insertEmployee(db: Kysely<Database>, companyId: number, values: EmployeeValues, now: number) {
  const row = await organisationDb(db)
    .insertInto('employees')
    .values({ company_id: companyId, ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateEmployee(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  values: EmployeeValues,
  now: number,
) {
  await organisationDb(db)
    .updateTable('employees')
    .set({ ...values, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** Duties that name the employee as driver or conductor: a rostered employee is not deleted. */
export async function employeeDuties(db: Kysely<Database>, companyId: number, id: number) {
  const row = await db
    .withTables<{ duties: { company_id: number; driver_id: number | null; conductor_id: number | null } }>()
    .selectFrom('duties')
    .select(sql<number>`count(*)`.as('n'))
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('driver_id', '=', id), eb('conductor_id', '=', id)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteEmployee(db: Kysely<Database>, companyId: number, id: number) {
  await organisationDb(db).deleteFrom('employees').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** Up to 20 employees matching `search` as picker choices: "D0012 Maria Lopez". */
export async function employeeOptions(db: Kysely<Database>, companyId: number, search: string | undefined) {
  let query = organisationDb(db)
    .selectFrom('employees')
    .select(['id', 'emp_no', 'emp_name'])
    .where('company_id', '=', companyId);
  const text = search?.trim();
  if (text) query = query.where((eb) => eb.or([contains('emp_no', text), contains('emp_name', text)]));
  const rows = await query.orderBy('emp_no').limit(20).execute();
  return rows.map((r): OptionRow => ({ id: Number(r.id), label: `${r.emp_no} ${r.emp_name}` }));
}
