import type { Kysely } from 'kysely';
import type {
  ConsoleLine,
  ConsoleRouteChoice,
  ConsoleRow,
  ConsoleUser,
  ConsoleUserChoice,
  ListResult,
} from '../contract/index.ts';
import { contains, pageOffset } from '../store/paging.ts';
import type { Database } from '../store/schema.ts';
import { consolesDb } from './schema.ts';

// The store side of /owner/console. Every statement carries the company id from the session.

export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Another console of the company already has this name (ignoring case); `except` is the one being edited. */
export async function consoleNameTaken(
  db: Kysely<Database>,
  companyId: number,
  name: string,
  except?: number,
): Promise<boolean> {
  let query = consolesDb(db)
    .selectFrom('consoles')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name_key', '=', nameKey(name));
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function consoleExists(db: Kysely<Database>, companyId: number, consoleId: number): Promise<boolean> {
  const row = await consolesDb(db)
    .selectFrom('consoles')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', consoleId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Of these ids, those that are not lines (or users) of the company: the caller answers 1004 for them. */
export async function foreignIds(
  db: Kysely<Database>,
  companyId: number,
  table: 'lines' | 'users',
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set<number>();
  // Chunked so the IN list stays under SQLite's bound-parameter limit.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await consolesDb(db)
      .selectFrom(table)
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return ids.filter((id) => !found.has(id));
}

type Executor = Kysely<Database>;

/** Replaces the console's lines with `lineIds` (already checked to be the company's). */
export async function replaceConsoleLines(
  db: Executor,
  companyId: number,
  consoleId: number,
  lineIds: readonly number[],
): Promise<void> {
  const cdb = consolesDb(db);
  await cdb
    .deleteFrom('console_routes')
    .where('company_id', '=', companyId)
    .where('console_id', '=', consoleId)
    .execute();
  for (let i = 0; i < lineIds.length; i += 300) {
    const values = lineIds
      .slice(i, i + 300)
      .map((line_id) => ({ console_id: consoleId, line_id, company_id: companyId }));
    await cdb.insertInto('console_routes').values(values).execute();
  }
}

export async function replaceConsoleUsers(
  db: Executor,
  companyId: number,
  consoleId: number,
  userIds: readonly number[],
): Promise<void> {
  const cdb = consolesDb(db);
  await cdb
    .deleteFrom('console_users')
    .where('company_id', '=', companyId)
    .where('console_id', '=', consoleId)
    .execute();
  for (let i = 0; i < userIds.length; i += 300) {
    const values = userIds
      .slice(i, i + 300)
      .map((user_id) => ({ console_id: consoleId, user_id, company_id: companyId }));
    await cdb.insertInto('console_users').values(values).execute();
  }
}

/** Lines and users of these consoles, keyed by console id. */
async function assignments(
  db: Kysely<Database>,
  companyId: number,
  consoleIds: readonly number[],
): Promise<{ lines: Map<number, ConsoleLine[]>; users: Map<number, ConsoleUser[]> }> {
  const lines = new Map<number, ConsoleLine[]>();
  const users = new Map<number, ConsoleUser[]>();
  if (consoleIds.length === 0) return { lines, users };
  const cdb = consolesDb(db);
  const [lineRows, userRows] = await Promise.all([
    cdb
      .selectFrom('console_routes as cr')
      .innerJoin('lines as l', (j) => j.onRef('l.id', '=', 'cr.line_id').onRef('l.company_id', '=', 'cr.company_id'))
      .select(['cr.console_id', 'l.id as route_id', 'l.route_code', 'l.route_name'])
      .where('cr.company_id', '=', companyId)
      .where('cr.console_id', 'in', consoleIds)
      .orderBy('l.sort_id')
      .orderBy('l.route_code')
      .execute(),
    cdb
      .selectFrom('console_users as cu')
      .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'cu.user_id').onRef('u.company_id', '=', 'cu.company_id'))
      .select(['cu.console_id', 'u.id as user_id', 'u.account', 'u.user_name'])
      .where('cu.company_id', '=', companyId)
      .where('cu.console_id', 'in', consoleIds)
      .orderBy('u.account')
      .execute(),
  ]);
  const push = <T>(map: Map<number, T[]>, key: number, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const { console_id, ...line } of lineRows) push(lines, console_id, line);
  for (const { console_id, ...user } of userRows) push(users, console_id, user);
  return { lines, users };
}

interface ConsoleRecord {
  id: number;
  console_name: string;
  remark: string;
  created_at: number;
}

async function withAssignments(
  db: Kysely<Database>,
  companyId: number,
  records: readonly ConsoleRecord[],
): Promise<ConsoleRow[]> {
  const { lines, users } = await assignments(
    db,
    companyId,
    records.map((r) => r.id),
  );
  return records.map((r) => ({
    console_id: r.id,
    console_name: r.console_name,
    remark: r.remark,
    // PostgreSQL returns bigint as a string unless the pool parses it; Number() keeps both engines alike.
    create_time: Number(r.created_at),
    routes: lines.get(r.id) ?? [],
    users: users.get(r.id) ?? [],
  }));
}

export async function listConsoles(
  db: Kysely<Database>,
  companyId: number,
  filter: { page: number; limit: number; search?: string | undefined },
): Promise<ListResult<ConsoleRow>> {
  let query = consolesDb(db).selectFrom('consoles').where('company_id', '=', companyId);
  if (filter.search) query = query.where(contains('console_name', filter.search));
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const records = await query
    .select(['id', 'console_name', 'remark', 'created_at'])
    .orderBy('console_name')
    .orderBy('id')
    .limit(filter.limit)
    .offset(pageOffset(filter))
    .execute();
  return { total: Number(total.n), rows: await withAssignments(db, companyId, records) };
}

export async function consoleRow(
  db: Kysely<Database>,
  companyId: number,
  consoleId: number,
): Promise<ConsoleRow | undefined> {
  const record = await consolesDb(db)
    .selectFrom('consoles')
    .select(['id', 'console_name', 'remark', 'created_at'])
    .where('company_id', '=', companyId)
    .where('id', '=', consoleId)
    .executeTakeFirst();
  return record ? (await withAssignments(db, companyId, [record]))[0] : undefined;
}

/** The consoles a user is assigned to (GET /owner/console/own). */
export async function consolesOfUser(db: Kysely<Database>, companyId: number, userId: number): Promise<ConsoleRow[]> {
  const records = await consolesDb(db)
    .selectFrom('consoles as c')
    .innerJoin('console_users as cu', (j) =>
      j.onRef('cu.console_id', '=', 'c.id').onRef('cu.company_id', '=', 'c.company_id'),
    )
    .select(['c.id', 'c.console_name', 'c.remark', 'c.created_at'])
    .where('c.company_id', '=', companyId)
    .where('cu.user_id', '=', userId)
    .orderBy('c.console_name')
    .execute();
  return withAssignments(db, companyId, records);
}

/** Every line of the company, checked when the console has it. */
export async function routeChoices(
  db: Kysely<Database>,
  companyId: number,
  consoleId: number | undefined,
): Promise<ConsoleRouteChoice[]> {
  const cdb = consolesDb(db);
  const [lines, checked] = await Promise.all([
    cdb
      .selectFrom('lines')
      .select(['id as route_id', 'route_code', 'route_name'])
      .where('company_id', '=', companyId)
      .orderBy('sort_id')
      .orderBy('route_code')
      .execute(),
    consoleId === undefined
      ? Promise.resolve([])
      : cdb
          .selectFrom('console_routes')
          .select('line_id')
          .where('company_id', '=', companyId)
          .where('console_id', '=', consoleId)
          .execute(),
  ]);
  const on = new Set(checked.map((r) => r.line_id));
  return lines.map((l) => ({ ...l, is_checked: on.has(l.route_id) ? 1 : 0 }));
}

/** Every user of the company, checked when the console has them. */
export async function userChoices(
  db: Kysely<Database>,
  companyId: number,
  consoleId: number | undefined,
): Promise<ConsoleUserChoice[]> {
  const cdb = consolesDb(db);
  const [users, checked] = await Promise.all([
    cdb
      .selectFrom('users')
      .select(['id as user_id', 'account', 'user_name'])
      .where('company_id', '=', companyId)
      .orderBy('account')
      .execute(),
    consoleId === undefined
      ? Promise.resolve([])
      : cdb
          .selectFrom('console_users')
          .select('user_id')
          .where('company_id', '=', companyId)
          .where('console_id', '=', consoleId)
          .execute(),
  ]);
  const on = new Set(checked.map((r) => r.user_id));
  return users.map((u) => ({ ...u, is_checked: on.has(u.user_id) ? 1 : 0 }));
}
