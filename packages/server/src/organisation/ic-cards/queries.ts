import { type Kysely, sql } from 'kysely';
import type { IcCardRow, ListResult } from '../../contract/index.ts';
import { contains, pageOffset } from '../../store/paging.ts';
import type { Database } from '../../store/schema.ts';
import { organisationDb } from '../schema.ts';

// The store side of /basic/ic-cards. Card numbers are unique in the company. Every statement carries the company id.

export interface IcCardFilter {
  search?: string | undefined;
  card_type?: number | undefined;
  state?: number | undefined;
}

export interface IcCardValues {
  card_no: string;
  card_type: number;
  holder_name: string;
  phone: string;
  employee_id: number | null;
  state: number;
  issue_time: number | null;
  expire_time: number | null;
  remark: string;
}

function filtered(db: Kysely<Database>, companyId: number, filter: IcCardFilter) {
  let query = organisationDb(db)
    .selectFrom('ic_cards as c')
    .leftJoin('employees as e', (j) => j.onRef('e.id', '=', 'c.employee_id').onRef('e.company_id', '=', 'c.company_id'))
    .where('c.company_id', '=', companyId);
  const search = filter.search?.trim();
  if (search) {
    query = query.where((eb) =>
      eb.or([contains('c.card_no', search), contains('c.holder_name', search), contains('c.phone', search)]),
    );
  }
  if (filter.card_type !== undefined) query = query.where('c.card_type', '=', filter.card_type);
  if (filter.state !== undefined) query = query.where('c.state', '=', filter.state);
  return query;
}

function selectRows(db: Kysely<Database>, companyId: number, filter: IcCardFilter) {
  return filtered(db, companyId, filter).select([
    'c.id',
    'c.card_no',
    'c.card_type',
    'c.holder_name',
    'c.phone',
    'c.employee_id',
    'e.emp_no',
    'e.emp_name',
    'c.state',
    'c.issue_time',
    'c.expire_time',
    'c.remark',
    'c.created_at',
    'c.updated_at',
  ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];
const maybe = (n: number | null) => (n === null ? null : Number(n));

function toRow(r: Stored): IcCardRow {
  return {
    id: Number(r.id),
    card_no: r.card_no,
    card_type: Number(r.card_type),
    holder_name: r.holder_name,
    phone: r.phone,
    employee_id: maybe(r.employee_id),
    emp_id: r.emp_no ?? '',
    emp_name: r.emp_name ?? '',
    state: Number(r.state),
    issue_time: maybe(r.issue_time),
    expire_time: maybe(r.expire_time),
    remark: r.remark,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

export async function countIcCards(db: Kysely<Database>, companyId: number, filter: IcCardFilter) {
  const row = await filtered(db, companyId, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listIcCards(
  db: Kysely<Database>,
  companyId: number,
  filter: IcCardFilter,
  page: { page: number; limit: number },
): Promise<ListResult<IcCardRow>> {
  const rows = await selectRows(db, companyId, filter)
    .orderBy('c.id', 'desc')
    .limit(page.limit)
    .offset(pageOffset(page))
    .execute();
  return { total: await countIcCards(db, companyId, filter), rows: rows.map(toRow) };
}

export async function allIcCards(db: Kysely<Database>, companyId: number, filter: IcCardFilter, max: number) {
  return (await selectRows(db, companyId, filter).orderBy('c.card_no').limit(max).execute()).map(toRow);
}

export async function getIcCard(db: Kysely<Database>, companyId: number, id: number) {
  const row = await selectRows(db, companyId, {}).where('c.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function cardNumberTaken(db: Kysely<Database>, companyId: number, cardNo: string, except?: number) {
  let query = organisationDb(db)
    .selectFrom('ic_cards')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(card_no) = ${cardNo.toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The employee's name, for a system card's holder left empty. */
export async function employeeName(db: Kysely<Database>, companyId: number, id: number) {
  const row = await organisationDb(db)
    .selectFrom('employees')
    .select('emp_name')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.emp_name ?? '';
}

export async function insertIcCard(db: Kysely<Database>, companyId: number, values: IcCardValues, now: number) {
  const row = await organisationDb(db)
    .insertInto('ic_cards')
    .values({ company_id: companyId, ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateIcCard(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  values: IcCardValues,
  now: number,
) {
  await organisationDb(db)
    .updateTable('ic_cards')
    .set({ ...values, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

export async function deleteIcCard(db: Kysely<Database>, companyId: number, id: number) {
  await organisationDb(db).deleteFrom('ic_cards').where('company_id', '=', companyId).where('id', '=', id).execute();
}
