import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WechatProvider } from '../src/auth/wechat.ts';
import type { WechatLoginResult } from '../src/contract/index.ts';
import { ApiError, ErrorCode } from '../src/kernel/errors.ts';
import { ENGINES } from './helpers/database.ts';
import { PASSWORD, startTestServer, type TestServer } from './helpers/server.ts';

/** WeChat is outside the system: codes `good-<union>` exchange to `<union>`, anything else is refused. */
const fakeProvider: WechatProvider = {
  async exchange(code) {
    if (!code.startsWith('good-')) throw new ApiError(ErrorCode.parameter, { field: 'code' });
    return code.slice(5);
  },
};

describe.each(ENGINES)('WeChat-style sign-in on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { wechatProvider: fakeProvider });
  });
  afterAll(() => server.close());

  const exchange = (code: string) =>
    server.client().request<WechatLoginResult>('GET', `/login/wechat?code=${encodeURIComponent(code)}`, undefined, {
      unsigned: true,
    });

  it('binds an unknown union_id at the next password login, then logs in with a one-time ticket', async () => {
    const first = await exchange('good-union-42');
    expect(first.result).toEqual({ account: '', password: '', union_id: 'union-42' });

    expect((await server.client().login('dispatcher', PASSWORD, { union_id: 'union-42' })).code).toBe(0);

    const second = await exchange('good-union-42');
    expect(second.result).toMatchObject({ account: 'dispatcher', union_id: 'union-42' });
    expect(second.result.password).toMatch(/^[0-9a-f]{32}$/);

    const client = server.client();
    expect((await client.loginWithHash('dispatcher', second.result.password)).code).toBe(0);
    expect((await client.get('/owner/user/info')).result).toMatchObject({ account: 'dispatcher' });
    // The ticket is spent.
    expect((await server.client().loginWithHash('dispatcher', second.result.password)).code).toBe(
      ErrorCode.accountOrPassword,
    );
  });

  it('does not bind a union_id the provider never vouched for', async () => {
    expect((await server.client().login('admin', PASSWORD, { union_id: 'forged' })).code).toBe(0);
    expect((await exchange('good-forged')).result.account).toBe('');
  });

  it('expires a ticket after 60 s', async () => {
    const ticket = (await exchange('good-union-42')).result.password;
    server.clock.advance(61);
    expect((await server.client().loginWithHash('dispatcher', ticket)).code).toBe(ErrorCode.accountOrPassword);
  });

  it('refuses a code the provider rejects', async () => {
    expect((await exchange('bad')).code).toBe(ErrorCode.parameter);
  });
});

describe('WeChat sign-in without a provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('answers 1111 (server not found)', async () => {
    const reply = await server.client().request('GET', '/login/wechat?code=dev:x', undefined, { unsigned: true });
    expect(reply.code).toBe(ErrorCode.serverNotFound);
  });
});
