import type { Kysely } from 'kysely';
import type { ListResult, OnlineSession } from '../contract/index.ts';
import { contains, pageOffset } from '../store/paging.ts';
import type { Database } from '../store/schema.ts';

/** Live sessions of one company: not ended and used within the idle limit. */
export async function listOnline(
  db: Kysely<Database>,
  companyId: number,
  query: { page: number; limit: number; search?: string | undefined },
  activeSince: number,
): Promise<ListResult<OnlineSession>> {
  let base = db
    .selectFrom('sessions as s')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').onRef('u.company_id', '=', 's.company_id'))
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .where('s.company_id', '=', companyId)
    .where('s.ended_at', 'is', null)
    .where('s.last_active_at', '>', activeSince);
  if (query.search) {
    const search = query.search;
    base = base.where((eb) =>
      eb.or([contains('u.account', search), contains('u.user_name', search), contains('s.ip', search)]),
    );
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      's.id',
      's.user_id',
      'u.account',
      'u.user_name',
      'r.role_name',
      's.login_at',
      's.last_active_at',
      's.ip',
      's.client_agent',
    ])
    .orderBy('s.last_active_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(query.limit)
    .offset(pageOffset(query))
    .execute();
  return {
    total: Number(total.n),
    rows: rows.map((r) => ({
      session_id: r.id,
      user_id: r.user_id,
      account: r.account,
      user_name: r.user_name,
      role_name: r.role_name,
      login_time: r.login_at,
      last_active_time: r.last_active_at,
      ip: r.ip,
      client_agent: r.client_agent,
    })),
  };
}
