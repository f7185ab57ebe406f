import type { Kysely } from 'kysely';
import { hashPassword, md5Hex } from '../../packages/server/src/auth/password.ts';
import { ensureSharedRoles } from '../../packages/server/src/demo/seed.ts';
import type { Database } from '../../packages/server/src/store/schema.ts';

/** An administrator of an existing company (e.g. the load-test one), for a bench's console login. */
export async function addCompanyAdmin(
  db: Kysely<Database>,
  companyId: number,
  account: string,
  password: string,
): Promise<void> {
  const { adminRoleId } = await ensureSharedRoles(db);
  const { hash, salt } = await hashPassword(md5Hex(password));
  await db
    .insertInto('users')
    .values({
      company_id: companyId,
      account,
      account_key: account.toLowerCase(),
      user_name: `${account} (bench)`,
      email: '',
      remark: '',
      img_url: '',
      role_id: adminRoleId,
      state: 0,
      password_hash: hash,
      password_salt: salt,
      user_config: '{}',
      created_at: Math.floor(Date.now() / 1000),
    })
    .execute();
}
