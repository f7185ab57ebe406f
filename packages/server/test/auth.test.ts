import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../src/kernel/errors.ts';
import { md5 } from './helpers/client.ts';
import { ENGINES } from './helpers/database.ts';
import { PASSWORD, startTestServer, type TestServer } from './helpers/server.ts';

describe.each(ENGINES)('sessions and signed requests on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { auth: { loginAttemptsPerMinute: 1000 } });
  });
  afterAll(() => server.close());

  it('logs in with the MD5 of the password and returns uuid, token and user info', async () => {
    const client = server.client();
    const reply = await client.login('admin', PASSWORD);
    expect(reply).toMatchObject({ status: 200, code: 0, msg: 'ok' });
    expect(reply.result).toMatchObject({
      account: 'admin',
      role_flag: '@Admin',
      company_name: 'Demo Transit',
      editable_days: 3,
    });
    expect(reply.result.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.result.token).toMatch(/^[0-9a-f]{48}$/);
    expect(reply.result.user_config.alarm_sound).toBe('alarm.mp3');
    expect((await client.get('/owner/user/info')).result).toMatchObject({ account: 'admin' });
  });

  it('matches accounts case-insensitively', async () => {
    expect((await server.client().login('ADMIN', PASSWORD)).code).toBe(0);
  });

  it('answers 1100 for a wrong password and for a missing account alike', async () => {
    expect((await server.client().login('admin', 'wrong')).code).toBe(ErrorCode.accountOrPassword);
    expect((await server.client().login('nobody-here', 'wrong')).code).toBe(ErrorCode.accountOrPassword);
  });

  it('serves the same handlers under /prod-api and /dispatch/api, signing the full path', async () => {
    for (const base of ['/prod-api', '/dispatch/api']) {
      const client = server.client(base);
      expect((await client.login('admin', PASSWORD)).code).toBe(0);
      expect((await client.get('/owner/user?page=1&limit=10')).code).toBe(0);
    }
  });

  it('refuses a request without a token, with an unknown token, or with no session header at all (1001)', async () => {
    const client = server.client();
    expect((await client.get('/owner/user/info')).code).toBe(ErrorCode.loginExpired);
    client.token = 'f'.repeat(48);
    client.uuid = 'x';
    expect((await client.get('/owner/user/info')).code).toBe(ErrorCode.loginExpired);
  });

  it('refuses a timestamp more than 300 s away (1002) and accepts one inside', async () => {
    const client = server.client();
    await client.login('admin', PASSWORD);
    const now = Math.floor(server.clock.now() / 1000);
    expect((await client.get('/owner/user/info', { timestamp: now - 301 })).code).toBe(ErrorCode.timestampSkew);
    expect((await client.get('/owner/user/info', { timestamp: now + 301 })).code).toBe(ErrorCode.timestampSkew);
    expect((await client.get('/owner/user/info', { timestamp: now - 299 })).code).toBe(0);
  });

  it('refuses a bad signature, a signature over another path, and a tampered body (1003)', async () => {
    const client = server.client();
    await client.login('admin', PASSWORD);
    expect((await client.get('/owner/user/info', { signature: '0'.repeat(64) })).code).toBe(ErrorCode.signature);
    expect((await client.get('/owner/user/info', { signature: 'not-hex' })).code).toBe(ErrorCode.signature);

    const body = { user_name: 'Administrator', email: 'a@example.com' };
    const good = await client.put('/owner/user/info', body);
    expect(good.code).toBe(0);
    // Sign one body, send another: the digest of the raw bytes no longer matches.
    const { sign } = await import('../src/auth/signature.ts');
    const timestamp = String(Math.floor(server.clock.now() / 1000));
    const signature = sign(client.uuid, 'PUT', '/api/owner/user/info', timestamp, JSON.stringify(body));
    const tampered = await client.put('/owner/user/info', body, {
      timestamp: Number(timestamp),
      signature,
      rawBody: JSON.stringify({ ...body, user_name: 'Mallory' }),
    });
    expect(tampered.code).toBe(ErrorCode.signature);
  });

  it('expires a token after 12 hours without use, and slides while in use', async () => {
    const client = server.client();
    await client.login('admin', PASSWORD);
    server.clock.advance(11 * 3600);
    expect((await client.get('/owner/user/info')).code).toBe(0);
    server.clock.advance(11 * 3600);
    expect((await client.get('/owner/user/info')).code).toBe(0);
    server.clock.advance(12 * 3600 + 1);
    expect((await client.get('/owner/user/info')).code).toBe(ErrorCode.loginExpired);
  });

  it('ends the session at logout', async () => {
    const client = server.client();
    await client.login('admin', PASSWORD);
    expect((await client.get('/logout')).code).toBe(0);
    expect((await client.get('/owner/user/info')).code).toBe(ErrorCode.loginExpired);
  });

  it('stops a forced-offline token at once', async () => {
    const admin = server.client();
    await admin.login('admin', PASSWORD);
    const victim = server.client();
    await victim.login('dispatcher', PASSWORD);
    expect((await victim.get('/vue/routes')).code).toBe(0);

    const online = await admin.get<{ total: number; rows: { session_id: number; account: string }[] }>(
      '/owner/user/online?search=dispatcher',
    );
    const session = online.result.rows.find((r) => r.account === 'dispatcher');
    expect(session).toBeDefined();
    const forced = await admin.post<{ count: number }>('/owner/user/offline', { session_id: session?.session_id });
    expect(forced).toMatchObject({ code: 0, result: { count: 1 } });
    expect((await victim.get('/vue/routes')).code).toBe(ErrorCode.loginExpired);
  });

  it('changes the password with the spec rules and ends the other sessions', async () => {
    const other = server.client();
    await other.login('dispatcher', PASSWORD);
    const client = server.client();
    await client.login('dispatcher', PASSWORD);

    const same = await client.put('/owner/user/pwd', { old_password: md5(PASSWORD), new_password: md5(PASSWORD) });
    expect(same).toMatchObject({ code: ErrorCode.parameter, result: { field: 'new_password' } });
    const asAccount = await client.put('/owner/user/pwd', {
      old_password: md5(PASSWORD),
      new_password: md5('dispatcher'),
    });
    expect(asAccount).toMatchObject({ code: ErrorCode.parameter, result: { field: 'new_password' } });
    const wrongOld = await client.put('/owner/user/pwd', { old_password: md5('nope'), new_password: md5('n3w-pass') });
    expect(wrongOld.code).toBe(ErrorCode.accountOrPassword);

    expect(
      (await client.put('/owner/user/pwd', { old_password: md5(PASSWORD), new_password: md5('n3w-pass') })).code,
    ).toBe(0);
    expect((await client.get('/owner/user/info')).code).toBe(0);
    expect((await other.get('/owner/user/info')).code).toBe(ErrorCode.loginExpired);
    expect((await server.client().login('dispatcher', 'n3w-pass')).code).toBe(0);
    // Put it back for the other tests.
    await client.put('/owner/user/pwd', { old_password: md5('n3w-pass'), new_password: md5(PASSWORD) });
  });

  it('forces an expired password to be changed through POST /login/password (1112)', async () => {
    await server.store.db
      .updateTable('users')
      .set({ password_expires_at: 1 })
      .where('account_key', '=', 'admin')
      .execute();
    expect((await server.client().login('admin', PASSWORD)).code).toBe(ErrorCode.passwordExpired);
    const client = server.client();
    const changed = await client.post('/login/password', {
      account: 'admin',
      old_password: md5(PASSWORD),
      new_password: md5('Renewed1'),
    });
    expect(changed.code).toBe(0);
    expect((await server.client().login('admin', 'Renewed1')).code).toBe(0);
    await server
      .client()
      .post('/login/password', { account: 'admin', old_password: md5('Renewed1'), new_password: md5(PASSWORD) });
  });
});

describe.each(ENGINES)('login throttling on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { auth: { loginAttemptsPerMinute: 100 } });
  });
  afterAll(() => server.close());

  it('locks the account after five failures in a row, even for the right password (1114), for 15 minutes', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await server.client().login('dispatcher', `wrong-${i}`)).code);
    expect(codes).toEqual([1100, 1100, 1100, 1100, 1114]);
    expect((await server.client().login('dispatcher', PASSWORD)).code).toBe(ErrorCode.accountLocked);
    server.clock.advance(15 * 60 + 1);
    expect((await server.client().login('dispatcher', PASSWORD)).code).toBe(0);
  });

  it('resets the failure count after a success', async () => {
    for (let i = 0; i < 4; i++) await server.client().login('admin', 'wrong');
    expect((await server.client().login('admin', PASSWORD)).code).toBe(0);
    for (let i = 0; i < 4; i++) expect((await server.client().login('admin', 'wrong')).code).toBe(1100);
    expect((await server.client().login('admin', PASSWORD)).code).toBe(0);
  });
});

// The login burst limit (1103) is tested in login-limit.test.ts.
