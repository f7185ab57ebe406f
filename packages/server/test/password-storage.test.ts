import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.ts';
import { ErrorCode } from '../src/kernel/errors.ts';
import { md5 } from './helpers/client.ts';
import { ENGINES } from './helpers/database.ts';
import { PASSWORD, startTestServer, type TestServer } from './helpers/server.ts';

// Each password hash names its scrypt parameters (docs/api.md "Sessions"); rows written before that format
// must keep working, and a login rewrites any hash weaker than today's parameters.
describe.each(ENGINES)('stored password hashes on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { auth: { loginAttemptsPerMinute: 1000 } });
  });
  afterAll(() => server.close());

  const stored = (account: string) =>
    server.store.db
      .selectFrom('users')
      .select(['password_hash', 'password_salt'])
      .where('account_key', '=', account)
      .executeTakeFirstOrThrow();
  const setHash = (account: string, hash: string, salt: string) =>
    server.store.db
      .updateTable('users')
      .set({ password_hash: hash, password_salt: salt })
      .where('account_key', '=', account)
      .execute();

  it('writes new hashes with their parameters', async () => {
    expect((await stored('admin')).password_hash).toMatch(/^scrypt\$N=16384,r=8,p=1\$/);
  });

  it('logs in with a hash in the old format (hex key and salt) and rewrites it in the new one', async () => {
    const salt = randomBytes(16);
    const key = scryptSync(md5(PASSWORD), salt, 32, { N: 16384, r: 8, p: 1 });
    await setHash('dispatcher', key.toString('hex'), salt.toString('hex'));

    expect((await server.client().login('dispatcher', 'wrong')).code).toBe(ErrorCode.accountOrPassword);
    expect((await stored('dispatcher')).password_hash).toBe(key.toString('hex'));

    expect((await server.client().login('dispatcher', PASSWORD)).code).toBe(0);
    const rewritten = await stored('dispatcher');
    expect(rewritten).toMatchObject({ password_hash: expect.stringMatching(/^scrypt\$N=16384,r=8,p=1\$/) });
    expect(rewritten.password_salt).toBe('');
    expect((await server.client().login('dispatcher', PASSWORD)).code).toBe(0);
  });

  it('logs in with a cheaper hash and raises it to the current cost; a costlier one is kept', async () => {
    const cheap = await hashPassword(md5(PASSWORD), { N: 1024, r: 8, p: 1 });
    await setHash('admin', cheap.hash, cheap.salt);
    expect((await server.client().login('admin', PASSWORD)).code).toBe(0);
    expect((await stored('admin')).password_hash).toMatch(/^scrypt\$N=16384,r=8,p=1\$/);

    const costlier = await hashPassword(md5(PASSWORD), { N: 32768, r: 8, p: 1 });
    await setHash('admin', costlier.hash, costlier.salt);
    expect((await server.client().login('admin', PASSWORD)).code).toBe(0);
    expect((await stored('admin')).password_hash).toBe(costlier.hash);
  });
});
