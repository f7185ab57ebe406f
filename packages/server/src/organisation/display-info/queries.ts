import { type Kysely, sql } from 'kysely';
import type { DisplayInfoRow, ListResult, OptionRow } from '../../contract/index.ts';
import { contains, pageOffset } from '../../store/paging.ts';
import type { Database } from '../../store/schema.ts';
import { organisationDb } from '../schema.ts';

// The store side of /basic/display-info: what a line's displays (head sign, side and rear boards, interior LED,
// station boards) show. An item without a line applies to every line of the company.

export interface DisplayInfoFilter {
  search?: string | undefined;
  route_id?: number | undefined;
  display_type?: number | undefined;
  state?: number | undefined;
}

export interface DisplayInfoValues {
  display_name: string;
  line_id: number | null;
  display_type: number;
  content: string;
  sort_id: number;
  state: number;
  start_time: number | null;
  end_time: number | null;
  remark: string;
}

function filtered(db: Kysely<Database>, companyId: number, filter: DisplayInfoFilter) {
  let query = organisationDb(db)
    .selectFrom('display_info as d')
    .leftJoin('lines as l', (j) => j.onRef('l.id', '=', 'd.line_id').onRef('l.company_id', '=', 'd.company_id'))
    .where('d.company_id', '=', companyId);
  const search = filter.search?.trim();
  if (search) query = query.where((eb) => eb.or([contains('d.display_name', search), contains('d.content', search)]));
  if (filter.route_id !== undefined) query = query.where('d.line_id', '=', filter.route_id);
  if (filter.display_type !== undefined) query = query.where('d.display_type', '=', filter.display_type);
  if (filter.state !== undefined) query = query.where('d.state', '=', filter.state);
  return query;
}

function selectRows(db: Kysely<Database>, companyId: number, filter: DisplayInfoFilter) {
  return filtered(db, companyId, filter).select([
    'd.id',
    'd.display_name',
    'd.line_id',
    'l.route_name',
    'd.display_type',
    'd.content',
    'd.sort_id',
    'd.state',
    'd.start_time',
    'd.end_time',
    'd.remark',
    'd.created_at',
    'd.updated_at',
  ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];
const maybe = (n: number | null) => (n === null ? null : Number(n));

function toRow(r: Stored): DisplayInfoRow {
  return {
    id: Number(r.id),
    display_name: r.display_name,
    route_id: maybe(r.line_id),
    route_name: r.route_name ?? '',
    display_type: Number(r.display_type),
    content: r.content,
    sort_id: Number(r.sort_id),
    state: Number(r.state),
    start_time: maybe(r.start_time),
    end_time: maybe(r.end_time),
    remark: r.remark,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

export async function countDisplayInfo(db: Kysely<Database>, companyId: number, filter: DisplayInfoFilter) {
  const row = await filtered(db, companyId, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listDisplayInfo(
  db: Kysely<Database>,
  companyId: number,
  filter: DisplayInfoFilter,
  page: { page: number; limit: number },
): Promise<ListResult<DisplayInfoRow>> {
  const rows = await selectRows(db, companyId, filter)
    .orderBy('d.sort_id')
    .orderBy('d.id', 'desc')
    .limit(page.limit)
    .offset(pageOffset(page))
    .execute();
  return { total: await countDisplayInfo(db, companyId, filter), rows: rows.map(toRow) };
}

export async function allDisplayInfo(db: Kysely<Database>, companyId: number, filter: DisplayInfoFilter, max: number) {
  return (await selectRows(db, companyId, filter).orderBy('d.sort_id').orderBy('d.id').limit(max).execute()).map(toRow);
}

export async function getDisplayInfo(db: Kysely<Database>, companyId: number, id: number) {
  const row = await selectRows(db, companyId, {}).where('d.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** What a line's displays show now: shown items of the line or of every line, within their time span, in order. */
export async function lineDisplay(db: Kysely<Database>, companyId: number, lineId: number, now: number) {
  const rows = await selectRows(db, companyId, { state: 0 })
    .where((eb) => eb.or([eb('d.line_id', '=', lineId), eb('d.line_id', 'is', null)]))
    .where((eb) => eb.or([eb('d.start_time', 'is', null), eb('d.start_time', '<=', now)]))
    .where((eb) => eb.or([eb('d.end_time', 'is', null), eb('d.end_time', '>=', now)]))
    .orderBy('d.display_type')
    .orderBy('d.sort_id')
    .orderBy('d.id')
    .execute();
  return rows.map(toRow);
}

export async function displayNameTaken(db: Kysely<Database>, companyId: number, name: string, except?: number) {
  let query = organisationDb(db)
    .selectFrom('display_info')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(display_name) = ${name.toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertDisplayInfo(
  db: Kysely<Database>,
  companyId: number,
  values: DisplayInfoValues,
  now: number,
) {
  const row = await organisationDb(db)
    .insertInto('display_info')
    .values({ company_id: companyId, ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateDisplayInfo(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  values: DisplayInfoValues,
  now: number,
) {
  await organisationDb(db)
    .updateTable('display_info')
    .set({ ...values, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

export async function deleteDisplayInfo(db: Kysely<Database>, companyId: number, id: number) {
  await organisationDb(db)
    .deleteFrom('display_info')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** The company's lines as picker choices: "S40 · St. George – Port Richmond". */
export async function lineOptions(db: Kysely<Database>, companyId: number): Promise<OptionRow[]> {
  const rows = await organisationDb(db)
    .selectFrom('lines')
    .select(['id', 'route_code', 'route_name'])
    .where('company_id', '=', companyId)
    .orderBy('sort_id')
    .orderBy('route_code')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), label: r.route_name || r.route_code }));
}
