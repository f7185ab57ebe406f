import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorMessage } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../src/kernel/errors.ts';
import { ENGINES } from './helpers/database.ts';
import { PASSWORD, startTestServer, type TestServer } from './helpers/server.ts';

describe.each(ENGINES)('the envelope at the HTTP edge on %s', (engine) => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'headway-dist-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
    server = await startTestServer(engine, { bodyLimit: 4096, webDist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers unknown API paths with HTTP 404 and code 1008 under every base', async () => {
    for (const base of ['/api', '/prod-api', '/dispatch/api']) {
      const response = await fetch(`${server.url}${base}/no/such/thing`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: 1008, msg: 'Record missing', result: null });
    }
  });

  it('answers an oversize body with HTTP 413 and code 1009', async () => {
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: 'x'.repeat(10_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: ErrorCode.tooMuchData, result: null });
  });

  it('answers a schema violation with 1004 naming the field', async () => {
    const reply = await server
      .client()
      .request('POST', '/login', { account: 'admin', password: 'not-an-md5' }, { unsigned: true });
    expect(reply).toMatchObject({ status: 200, code: ErrorCode.parameter, result: { field: 'password' } });
    const missing = await server.client().request('POST', '/login', { password: 'a'.repeat(32) }, { unsigned: true });
    expect(missing.result).toMatchObject({ field: 'account' });
  });

  it('answers malformed JSON with 1004 and no internals', async () => {
    const reply = await server
      .client()
      .request('POST', '/login', undefined, { rawBody: '{"account": ', unsigned: true });
    expect(reply).toMatchObject({ code: ErrorCode.parameter, result: { field: 'body' } });
    expect(JSON.stringify(reply)).not.toMatch(/at .*\.ts|stack/i);
  });

  it('validates list paging in the query string', async () => {
    const admin = server.client();
    await admin.login('admin', PASSWORD);
    expect((await admin.get('/owner/user?page=1&limit=20')).code).toBe(0);
    expect(await admin.get('/owner/user?limit=7')).toMatchObject({
      code: ErrorCode.parameter,
      result: { field: 'limit' },
    });
    expect(await admin.get('/owner/user?page=0')).toMatchObject({
      code: ErrorCode.parameter,
      result: { field: 'page' },
    });
  });

  it('speaks the caller’s language from Accept-Language', async () => {
    const ask = async (language: string) =>
      (
        await server
          .client()
          .request('GET', '/owner/user/info', undefined, { headers: { 'accept-language': language } })
      ).msg;
    // The message is the catalogue's (@headway/spec), the same text the console shows for the code.
    expect(await ask('zh-CN,zh;q=0.9')).toBe(errorMessage(ErrorCode.loginExpired, 'zh'));
    expect(await ask('th-TH')).toBe(errorMessage(ErrorCode.loginExpired, 'th'));
    expect(await ask('fr-FR,en;q=0.5')).toBe('Login expired, please log in again');
  });

  it('serves the console with an SPA fallback outside the API bases', async () => {
    const deepLink = await fetch(`${server.url}/system/user`);
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('<title>console</title>');
    expect(await (await fetch(`${server.url}/app.js`)).text()).toBe('console.log(1)');
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });

  it('shows the company display to anyone', async () => {
    const reply = await server.client().request('GET', '/company/display', undefined, { unsigned: true });
    expect(reply).toMatchObject({ code: 0, result: { companyName: 'Demo Transit', companyTitle: expect.any(String) } });
  });
});

describe('the console when it has not been built', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { webDist: join(tmpdir(), 'headway-no-such-dist') });
  });
  afterAll(() => server.close());

  it('answers a plain page saying how to build it', async () => {
    const response = await fetch(`${server.url}/dashboard`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('npm start');
  });
});
