import { type HeadwayClient, md5 } from '../../test/helpers/client.ts';
import { PASSWORD, type TestServer } from '../../test/helpers/server.ts';
import { hashPassword } from '../auth/password.ts';

// A system administrator (@System) of the server's demo company, signed in: the one who manages companies.
export async function signedInSystemAdmin(server: TestServer, account: string): Promise<HeadwayClient> {
  const role = await server.store.db
    .selectFrom('roles')
    .select('id')
    .where('role_flag', '=', '@System')
    .where('company_id', 'is', null)
    .executeTakeFirstOrThrow();
  const { hash, salt } = await hashPassword(md5(PASSWORD));
  await server.store.db
    .insertInto('users')
    .values({
      company_id: server.demoCompanyId,
      account,
      account_key: account.toLowerCase(),
      user_name: 'Platform operator',
      email: '',
      remark: '',
      img_url: '',
      role_id: role.id,
      state: 0,
      password_hash: hash,
      password_salt: salt,
      user_config: '{}',
      created_at: Math.floor(Date.now() / 1000),
    })
    .execute();
  const client = server.client();
  const login = await client.login(account, PASSWORD);
  if (login.code !== 0) throw new Error(`login ${account}: ${login.code}`);
  return client;
}
