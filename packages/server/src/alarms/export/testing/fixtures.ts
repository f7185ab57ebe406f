import type { Kysely } from 'kysely';
import { hashPassword, md5Hex } from '../../../auth/password.ts';
import { consolesDb } from '../../../consoles/schema.ts';
import type { Database } from '../../../store/schema.ts';
import { alarmBodyOf, type RaisedAlarm } from '../../body.ts';
import { alarmsDb, type NewAlarm } from '../../schema.ts';

// Rows the mail and export tests stand on: users with e-mail, roles, consoles, notice preferences and stored
// alarms, written straight into the real database the way the features that own them would.

const NOW = 1_767_225_600; // 2026-01-01T00:00:00Z

export async function addRole(db: Kysely<Database>, companyId: number, permissions: Record<string, number>) {
  const row = await db
    .insertInto('roles')
    .values({
      company_id: companyId,
      role_name: `role-${Object.entries(permissions)
        .map(([s, m]) => `${s}${m}`)
        .join('-')}-${Math.random().toString(36).slice(2, 8)}`,
      role_flag: '@User',
      remark: '',
      permissions: JSON.stringify(permissions),
      created_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface FixtureUser {
  account: string;
  email?: string;
  roleId: number;
  /** Stored user_config JSON object (language in settings.language). */
  userConfig?: Record<string, unknown>;
  state?: number;
  /** Set when the test logs in as this user. */
  password?: string;
}

export async function addUser(db: Kysely<Database>, companyId: number, user: FixtureUser): Promise<number> {
  const { hash, salt } = user.password ? await hashPassword(md5Hex(user.password)) : { hash: 'unused', salt: 'unused' };
  const row = await db
    .insertInto('users')
    .values({
      company_id: companyId,
      account: user.account,
      account_key: user.account.toLowerCase(),
      user_name: `${user.account} name`,
      email: user.email ?? '',
      remark: '',
      img_url: '',
      role_id: user.roleId,
      state: user.state ?? 0,
      password_hash: hash,
      password_salt: salt,
      user_config: JSON.stringify(user.userConfig ?? {}),
      created_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A console holding these lines with this user in it (the user then sees only those lines' vehicles). */
export async function putInConsole(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  lineIds: readonly number[],
): Promise<void> {
  const cdb = consolesDb(db);
  const name = `console-${userId}-${Math.random().toString(36).slice(2, 8)}`;
  const console = await cdb
    .insertInto('consoles')
    .values({ company_id: companyId, console_name: name, name_key: name, remark: '', created_at: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  await cdb
    .insertInto('console_users')
    .values({ console_id: console.id, user_id: userId, company_id: companyId })
    .execute();
  for (const lineId of lineIds) {
    await cdb
      .insertInto('console_routes')
      .values({ console_id: console.id, line_id: lineId, company_id: companyId })
      .execute();
  }
}

/** One notice preference row; the other notices on, no popup. */
export async function setMailNotice(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  code: number,
  mailNotice: 0 | 1,
): Promise<void> {
  await alarmsDb(db)
    .insertInto('user_alarm_prefs')
    .values({
      user_id: userId,
      company_id: companyId,
      platform_alarm_id: code,
      web_notice: 0,
      app_notice: 0,
      mail_notice: mailNotice,
      is_show: 0,
      duration: 0,
    })
    .execute();
}

export type FixtureAlarm = Partial<NewAlarm> & Pick<NewAlarm, 'platform_alarm_id' | 'event_time'>;

/** Stores alarms as the detector would and hands them back as the detector's listeners receive them. */
export async function storeAlarms(
  db: Kysely<Database>,
  companyId: number,
  alarms: readonly FixtureAlarm[],
): Promise<RaisedAlarm[]> {
  const adb = alarmsDb(db);
  const raised: RaisedAlarm[] = [];
  for (let i = 0; i < alarms.length; i += 200) {
    const rows: NewAlarm[] = alarms.slice(i, i + 200).map((a, j) => ({
      company_id: companyId,
      alarm_key: `fixture-${companyId}-${a.event_time}-${i + j}`,
      car_id: null,
      car_name: '',
      route_id: null,
      route_name: '',
      lpn: '',
      imei: '',
      terminal_phone: '',
      alarm_type: 0,
      alarm_level: 1,
      device_alarm_id: 0,
      device_type: 'GPS',
      end_time: null,
      speed: 0,
      lat: 0,
      lng: 0,
      attached: '{}',
      attached_count: 0,
      // Every row names every column: SQLite has no DEFAULT inside a multi-row VALUES.
      is_readed: 0,
      remark: '',
      read_by: null,
      read_by_name: '',
      read_time: null,
      created_at: Number(a.event_time),
      ...a,
    }));
    const stored = await adb.insertInto('alarms').values(rows).returningAll().execute();
    for (const r of stored) raised.push({ companyId, terminalPhone: r.terminal_phone, body: alarmBodyOf(r) });
  }
  return raised;
}
