import { type Kysely, sql } from 'kysely';
import type { ListResult, RolePermissions, RoleRow } from '../contract/index.ts';
import { parseJson } from '../store/json.ts';
import { contains, pageOffset } from '../store/paging.ts';
import type { Database, RoleRecord } from '../store/schema.ts';

// A company sees the platform's shared roles (company_id null) and its own custom roles. User counts
// only ever count the caller's company, even for a shared role.

export async function findVisibleRole(
  db: Kysely<Database>,
  companyId: number,
  roleId: number,
): Promise<RoleRecord | undefined> {
  return db
    .selectFrom('roles')
    .selectAll()
    .where('id', '=', roleId)
    .where((eb) => eb.or([eb('company_id', '=', companyId), eb('company_id', 'is', null)]))
    .executeTakeFirst();
}

export async function listRoles(
  db: Kysely<Database>,
  companyId: number,
  query: { page: number; limit: number; search?: string | undefined },
): Promise<ListResult<RoleRow>> {
  let base = db
    .selectFrom('roles as r')
    .where((eb) => eb.or([eb('r.company_id', '=', companyId), eb('r.company_id', 'is', null)]));
  if (query.search) base = base.where(contains('r.role_name', query.search));

  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'r.id',
      'r.company_id',
      'r.role_name',
      'r.role_flag',
      'r.remark',
      'r.permissions',
      (eb) =>
        eb
          .selectFrom('users as u')
          .select(sql<number>`count(*)`.as('c'))
          .whereRef('u.role_id', '=', 'r.id')
          .where('u.company_id', '=', companyId)
          .as('user_count'),
    ])
    // Shared roles first. Spelled out because the engines sort NULLs at opposite ends.
    .orderBy(sql`case when r.company_id is null then 0 else 1 end`)
    .orderBy('r.id')
    .limit(query.limit)
    .offset(pageOffset(query))
    .execute();
  return {
    total: Number(total.n),
    rows: rows.map((r) => ({
      role_id: r.id,
      role_name: r.role_name,
      role_flag: r.role_flag,
      is_share: r.company_id === null ? 1 : 0,
      remark: r.remark,
      permissions: parseJson<RolePermissions>(r.permissions, {}),
      user_count: Number(r.user_count ?? 0),
    })),
  };
}

export async function roleRow(db: Kysely<Database>, companyId: number, roleId: number): Promise<RoleRow | undefined> {
  const role = await findVisibleRole(db, companyId, roleId);
  if (!role) return undefined;
  const count = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return {
    role_id: role.id,
    role_name: role.role_name,
    role_flag: role.role_flag,
    is_share: role.company_id === null ? 1 : 0,
    remark: role.remark,
    permissions: parseJson<RolePermissions>(role.permissions, {}),
    user_count: Number(count.n),
  };
}
