import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { type HeadwayClient, md5 } from '../../test/helpers/client.ts';
import { PASSWORD, type TestServer } from '../../test/helpers/server.ts';
import { hashPassword } from '../auth/password.ts';
import { sign } from '../auth/signature.ts';

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

/** Downloads an export with the client's signature and reads its first sheet back. */
export async function readExport(server: TestServer, client: HeadwayClient, path: string): Promise<string[][]> {
  const url = `/api${path}`;
  const timestamp = String(Math.floor(server.clock.now() / 1000));
  const response = await fetch(`${server.url}${url}`, {
    headers: {
      'client-agent': 'headway-test/1',
      'accept-language': 'en',
      token: client.token,
      timestamp,
      signature: sign(client.uuid, 'GET', url, timestamp, undefined),
    },
  });
  expect(response.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? ''))));
  });
  return rows;
}
