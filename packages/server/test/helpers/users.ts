import type { ConsoleRow, RolePermissions, RoleRow, UserRow } from '../../src/contract/index.ts';
import { type HeadwayClient, md5 } from './client.ts';
import { PASSWORD, type TestServer } from './server.ts';

/**
 * A new user of the admin's company with a role of these masks, signed in; in a console of `consoleLines` (line
 * ids) when given. Made through the API, as an administrator would.
 */
export async function signedInUserWith(
  server: TestServer,
  admin: HeadwayClient,
  account: string,
  permissions: RolePermissions,
  consoleLines?: readonly number[],
): Promise<HeadwayClient> {
  const role = await admin.post<RoleRow>('/owner/role', { role_name: `${account} role`, permissions });
  if (role.code !== 0) throw new Error(`role for ${account}: ${role.code}`);
  const user = await admin.post<UserRow>('/owner/user', {
    account,
    user_name: `${account} name`,
    password: md5(PASSWORD),
    role_id: role.result.role_id,
  });
  if (user.code !== 0) throw new Error(`user ${account}: ${user.code}`);
  if (consoleLines) {
    const desk = await admin.post<ConsoleRow>('/owner/console', {
      console_name: `${account} desk`,
      route_ids: consoleLines,
      user_ids: [user.result.user_id],
    });
    if (desk.code !== 0) throw new Error(`console for ${account}: ${desk.code}`);
  }
  const client = server.client();
  const login = await client.login(account, PASSWORD);
  if (login.code !== 0) throw new Error(`login ${account}: ${login.code}`);
  return client;
}
