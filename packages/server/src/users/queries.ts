import type { Kysely } from 'kysely';
import type { ListResult, UserRow } from '../contract/index.ts';
import { contains, pageOffset } from '../store/paging.ts';
import type { Database } from '../store/schema.ts';

export interface UserFilter {
  page: number;
  limit: number;
  search?: string | undefined;
  role_id?: number | undefined;
  state?: number | undefined;
}

function userRows(db: Kysely<Database>, companyId: number, activeSince: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .where('u.company_id', '=', companyId)
    .select([
      'u.id',
      'u.account',
      'u.user_name',
      'u.email',
      'u.remark',
      'u.role_id',
      'r.role_name',
      'r.role_flag',
      'u.state',
      'u.created_at',
      'u.last_login_at',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('sessions as s')
              .select('s.id')
              .whereRef('s.user_id', '=', 'u.id')
              .where('s.company_id', '=', companyId)
              .where('s.ended_at', 'is', null)
              .where('s.last_active_at', '>', activeSince),
          )
          .as('online'),
    ]);
}

type RawUserRow = Awaited<ReturnType<ReturnType<typeof userRows>['executeTakeFirstOrThrow']>>;

function toUserRow(r: RawUserRow): UserRow {
  return {
    user_id: r.id,
    account: r.account,
    user_name: r.user_name,
    email: r.email,
    remark: r.remark,
    role_id: r.role_id,
    role_name: r.role_name,
    role_flag: r.role_flag,
    state: r.state,
    create_time: r.created_at,
    last_login_time: r.last_login_at,
    // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
    online: Boolean(r.online),
  };
}

export async function listUsers(
  db: Kysely<Database>,
  companyId: number,
  filter: UserFilter,
  activeSince: number,
): Promise<ListResult<UserRow>> {
  let query = userRows(db, companyId, activeSince);
  let count = db.selectFrom('users as u').where('u.company_id', '=', companyId);
  if (filter.search) {
    const search = filter.search;
    query = query.where((eb) => eb.or([contains('u.account', search), contains('u.user_name', search)]));
    count = count.where((eb) => eb.or([contains('u.account', search), contains('u.user_name', search)]));
  }
  if (filter.role_id !== undefined) {
    query = query.where('u.role_id', '=', filter.role_id);
    count = count.where('u.role_id', '=', filter.role_id);
  }
  if (filter.state !== undefined) {
    query = query.where('u.state', '=', filter.state);
    count = count.where('u.state', '=', filter.state);
  }
  const total = await count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query.orderBy('u.id').limit(filter.limit).offset(pageOffset(filter)).execute();
  return { total: Number(total.n), rows: rows.map(toUserRow) };
}

export async function userRow(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  activeSince: number,
): Promise<UserRow | undefined> {
  const row = await userRows(db, companyId, activeSince).where('u.id', '=', userId).executeTakeFirst();
  return row ? toUserRow(row) : undefined;
}

export async function accountTaken(db: Kysely<Database>, account: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('account_key', '=', account.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
