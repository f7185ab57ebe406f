import type { Kysely } from 'kysely';
import { hashPassword, md5Hex } from '../auth/password.ts';
import type { RolePermissions } from '../contract/index.ts';
import { PermissionBit } from '../contract/index.ts';
import { type Clock, epochSeconds, systemClock } from '../kernel/time.ts';
import type { Database } from '../store/schema.ts';
import { seedDemoLines } from './lines.ts';

export const DEMO_COMPANY_NAME = 'Demo Transit';
export const DEFAULT_DEMO_PASSWORD = 'headway2026';

export interface DemoLogin {
  account: string;
  password: string;
  role: string;
}

export interface DemoSeedResult {
  companyId: number;
  created: boolean;
  logins: DemoLogin[];
}

/** The platform's shared roles, offered to every company (read-only there). */
export async function ensureSharedRoles(
  db: Kysely<Database>,
  clock: Clock = systemClock,
): Promise<{ adminRoleId: number }> {
  const existing = await db
    .selectFrom('roles')
    .select('id')
    .where('company_id', 'is', null)
    .where('role_flag', '=', '@Admin')
    .executeTakeFirst();
  if (existing) return { adminRoleId: existing.id };
  const now = epochSeconds(clock);
  await db
    .insertInto('roles')
    .values({
      company_id: null,
      role_name: 'System administrator',
      role_flag: '@System',
      remark: 'Platform operator',
      permissions: '{}',
      created_at: now,
    })
    .execute();
  const admin = await db
    .insertInto('roles')
    .values({
      company_id: null,
      role_name: 'Company administrator',
      role_flag: '@Admin',
      remark: 'Every screen of the company',
      permissions: '{}',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { adminRoleId: admin.id };
}

/** Dispatchers watch the fleet and see who is online; they do not administer users or roles. */
export const DISPATCHER_PERMISSIONS: RolePermissions = {
  Dashboard: PermissionBit.view,
  SystemOnline: PermissionBit.view,
  // Dispatchers message buses and change their lines from the map (edit); parameters need it too.
  MonitoringMap: PermissionBit.view | PermissionBit.edit,
  // Dispatchers set station traffic states on the line map.
  MonitoringLineMap: PermissionBit.view | PermissionBit.edit,
  MonitoringTrack: PermissionBit.view,
  // Dispatchers answer alarms: see them and mark them read; exporting evidence stays with safety staff.
  SafetyActiveSafety: PermissionBit.view | PermissionBit.edit,
  // Dispatchers watch the cameras (an SOS) and pull recordings (issue 16).
  MonitoringVideo: PermissionBit.view,
  MonitoringVod: PermissionBit.view,
};

/**
 * The demo company with an administrator and a dispatcher. Idempotent: it is created once, found by
 * name afterwards, and existing accounts keep whatever password their users changed it to.
 */
export async function seedDemo(
  db: Kysely<Database>,
  options: { password?: string; clock?: Clock } = {},
): Promise<DemoSeedResult> {
  const password = options.password || DEFAULT_DEMO_PASSWORD;
  const clock = options.clock ?? systemClock;
  const now = epochSeconds(clock);
  const { adminRoleId } = await ensureSharedRoles(db, clock);

  let created = false;
  let company = await db.selectFrom('companies').select('id').where('name', '=', DEMO_COMPANY_NAME).executeTakeFirst();
  if (!company) {
    created = true;
    company = await db
      .insertInto('companies')
      .values({
        name: DEMO_COMPANY_NAME,
        title: 'Headway · Demo Transit',
        logo: '',
        // The demo runs Staten Island's buses: mail and exports show New York time.
        config: JSON.stringify({ multiple_search_limit: 60, time_zone: 'America/New_York' }),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  const companyId = company.id;

  let dispatcherRole = await db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role_name', '=', 'Dispatcher')
    .executeTakeFirst();
  dispatcherRole ??= await db
    .insertInto('roles')
    .values({
      company_id: companyId,
      role_name: 'Dispatcher',
      role_flag: '@User',
      remark: 'Watches the fleet; no user administration',
      permissions: JSON.stringify(DISPATCHER_PERMISSIONS),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const accounts = [
    { account: 'admin', user_name: 'Administrator', role_id: adminRoleId, role: '@Admin' },
    { account: 'dispatcher', user_name: 'Dispatcher', role_id: dispatcherRole.id, role: 'Dispatcher (@User)' },
  ];
  for (const a of accounts) {
    const exists = await db.selectFrom('users').select('id').where('account_key', '=', a.account).executeTakeFirst();
    if (exists) continue;
    const { hash, salt } = await hashPassword(md5Hex(password));
    await db
      .insertInto('users')
      .values({
        company_id: companyId,
        account: a.account,
        account_key: a.account,
        user_name: a.user_name,
        email: '',
        remark: 'demo account',
        img_url: '',
        role_id: a.role_id,
        state: 0,
        password_hash: hash,
        password_salt: salt,
        user_config: '{}',
        created_at: now,
      })
      .execute();
  }

  await seedDemoLines(db, companyId);
  return { companyId, created, logins: accounts.map((a) => ({ account: a.account, password, role: a.role })) };
}
