import type { Generated, Insertable, Selectable } from 'kysely';

// Table shapes as Kysely sees them. Times are epoch seconds (integers); JSON documents are stored as
// text so one set of migrations and queries serves SQLite and PostgreSQL alike (see json.ts).

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  title: string;
  logo: string;
  config: string;
  created_at: number;
}

export interface RolesTable {
  id: Generated<number>;
  /** null for a shared (platform) role, offered read-only to every company. */
  company_id: number | null;
  role_name: string;
  role_flag: string;
  remark: string;
  /** JSON `{ [screen]: mask }`. */
  permissions: string;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  company_id: number;
  account: string;
  /** lower-cased account: the deployment-wide unique login key. */
  account_key: string;
  user_name: string;
  email: string;
  remark: string;
  img_url: string;
  role_id: number;
  /** 0 enabled, 1 disabled. */
  state: number;
  password_hash: string;
  password_salt: string;
  failed_logins: Generated<number>;
  first_failed_at: number | null;
  locked_until: number | null;
  /** JSON: the user's overrides of DEFAULT_USER_CONFIG. */
  user_config: string;
  account_expires_at: number | null;
  password_expires_at: number | null;
  created_at: number;
  last_login_at: number | null;
}

export interface SessionsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** SHA-256 of the token: a leaked database does not yield usable tokens. */
  token_hash: string;
  /** The HMAC signing secret handed out once at login; the server must keep it to verify. */
  uuid: string;
  ip: string;
  client_agent: string;
  login_at: number;
  last_active_at: number;
  ended_at: number | null;
  /** 'logout' | 'forced' | 'password' | 'disabled' | 'deleted'. */
  end_reason: string | null;
}

export interface WechatBindingsTable {
  union_id: string;
  company_id: number;
  user_id: number;
  created_at: number;
}

export interface Database {
  companies: CompaniesTable;
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  wechat_bindings: WechatBindingsTable;
}

export type CompanyRecord = Selectable<CompaniesTable>;
export type RoleRecord = Selectable<RolesTable>;
export type UserRecord = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRecord = Selectable<SessionsTable>;
