import type { Kysely } from 'kysely';
import { companyConfig } from '../companies/queries.ts';
import { DEFAULT_USER_CONFIG, type UserConfig, type UserInfo } from '../contract/index.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { parseJson } from '../store/json.ts';
import type { Database } from '../store/schema.ts';

/** Spec section 3: editable_days defaults to 3 (its exact use is not shown; see docs/decisions.md). */
export const DEFAULT_EDITABLE_DAYS = 3;

/** Stored overrides merged over the defaults; `settings` is merged one level deeper. */
export function mergeUserConfig(stored: Partial<UserConfig>): UserConfig {
  return {
    ...DEFAULT_USER_CONFIG,
    ...stored,
    settings: { ...DEFAULT_USER_CONFIG.settings, ...(stored.settings ?? {}) },
  };
}

export async function loadUserInfo(db: Kysely<Database>, companyId: number, userId: number): Promise<UserInfo> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      'u.id',
      'u.account',
      'u.user_name',
      'u.img_url',
      'u.email',
      'u.remark',
      'u.role_id',
      'u.user_config',
      'r.role_flag',
      'r.role_name',
      'c.id as company_id',
      'c.name as company_name',
      'c.title as company_title',
      'c.logo as company_logo',
      'c.config as company_config',
    ])
    .where('u.company_id', '=', companyId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new ApiError(ErrorCode.recordMissing);
  return {
    user_id: row.id,
    account: row.account,
    user_name: row.user_name,
    img_url: row.img_url,
    company_id: row.company_id,
    company_name: row.company_name,
    company_title: row.company_title,
    company_logo: row.company_logo,
    email: row.email,
    remark: row.remark,
    role_id: row.role_id,
    role_flag: row.role_flag,
    role_name: row.role_name,
    editable_days: DEFAULT_EDITABLE_DAYS,
    company_config: companyConfig({ config: row.company_config }),
    user_config: mergeUserConfig(parseJson<Partial<UserConfig>>(row.user_config, {})),
  };
}
