import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../src/kernel/errors.ts';
import { md5 } from './helpers/client.ts';
import { ENGINES } from './helpers/database.ts';
import { PASSWORD, startTestServer, type TestServer } from './helpers/server.ts';

// Bad input answers the spec's code (1004, or 1009 with HTTP 413 for an oversize body), never 1000, and over a
// real socket: the oversize answer must reach a client that is still uploading.

const SIX_MB = 6 * 1024 * 1024;

/** Sends a request over a raw socket, writing the body in chunks as a client on a real network would. */
function rawPost(url: string, path: string, body: Buffer, headers: Record<string, string>) {
  const { hostname, port } = new URL(url);
  return new Promise<{ response: string; writeError: string | undefined }>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let response = '';
    let writeError: string | undefined;
    socket.on('data', (chunk) => {
      response += chunk.toString('latin1');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      writeError = error.code ?? error.message;
    });
    socket.on('close', () => resolve({ response, writeError }));
    socket.on('connect', async () => {
      const head = Object.entries({ host: `${hostname}:${port}`, ...headers })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
      const chunked = headers['transfer-encoding'] === 'chunked';
      for (let offset = 0; offset < body.length && !socket.destroyed; offset += 64 * 1024) {
        const piece = body.subarray(offset, offset + 64 * 1024);
        const framed = chunked
          ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
          : piece;
        if (!socket.write(framed)) await new Promise((drained) => socket.once('drain', drained));
      }
      if (chunked && !socket.destroyed) socket.write('0\r\n\r\n');
    });
    socket.setTimeout(20_000, () => reject(new Error('no answer in 20 s')));
  });
}

describe.each(ENGINES)('bad input at the HTTP edge on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    // The default body limit (1 MiB), as deployed.
    server = await startTestServer(engine, { auth: { loginAttemptsPerMinute: 1000 } });
  });
  afterAll(() => server.close());

  it('refuses a body with __proto__ or constructor.prototype (prototype poisoning) with 1004', async () => {
    const login = `"account":"admin","password":"${md5(PASSWORD)}"`;
    for (const rawBody of [
      `{${login},"__proto__":{"polluted":true}}`,
      `{${login},"user_config":{"constructor":{"prototype":{"polluted":true}}}}`,
    ]) {
      const reply = await server.client().request('POST', '/login', undefined, { rawBody, unsigned: true });
      expect(reply).toMatchObject({
        status: 200,
        code: ErrorCode.parameter,
        result: { field: 'body', reason: 'forbidden prototype property' },
      });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The same keys as plain data elsewhere are fine: only the poisoning shapes are refused.
    const plain = await server
      .client()
      .request('POST', '/login', undefined, { rawBody: `{${login},"build":"constructor"}`, unsigned: true });
    expect(plain.code).toBe(0);
  });

  it('refuses non-finite, negative and out-of-range paging with 1004 naming the field', async () => {
    const admin = server.client();
    await admin.login('admin', PASSWORD);
    for (const [query, field] of [
      ['page=1e309', 'page'],
      ['page=Infinity', 'page'],
      ['page=-Infinity', 'page'],
      ['page=NaN', 'page'],
      ['page=-1', 'page'],
      ['page=1e20', 'page'],
      ['page=2147483648', 'page'],
      ['limit=1e309', 'limit'],
      ['limit=Infinity', 'limit'],
    ] as const) {
      const reply = await admin.get(`/owner/user?${query}`);
      expect({ query, code: reply.code, result: reply.result }).toMatchObject({
        query,
        code: ErrorCode.parameter,
        result: { field },
      });
    }
    // The largest page allowed is still a page: empty, not an error.
    expect(await admin.get('/owner/user?page=2147483647&limit=200')).toMatchObject({ code: 0, result: { rows: [] } });
  });

  it('refuses ids and filters beyond what the store holds with 1004 (path, query and body)', async () => {
    const admin = server.client();
    await admin.login('admin', PASSWORD);
    expect(await admin.get('/owner/user?role_id=10000000000')).toMatchObject({
      code: ErrorCode.parameter,
      result: { field: 'role_id' },
    });
    expect(await admin.get('/owner/user?role_id=Infinity')).toMatchObject({
      code: ErrorCode.parameter,
      result: { field: 'role_id' },
    });
    expect(await admin.delete('/owner/user/1e10')).toMatchObject({
      code: ErrorCode.parameter,
      result: { field: 'id' },
    });
    expect(await admin.delete('/owner/user/Infinity')).toMatchObject({
      code: ErrorCode.parameter,
      result: { field: 'id' },
    });
    const body = await admin.request('PUT', '/owner/user', undefined, {
      rawBody: '{"user_id":1e309,"user_name":"x","role_id":1,"state":0}',
    });
    expect(body).toMatchObject({ code: ErrorCode.parameter, result: { field: 'user_id' } });
  });

  it('answers a 6 MB body with HTTP 413 and the 1009 envelope, to fetch, every time', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'admin', password: 'x'.repeat(SIX_MB) }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ code: ErrorCode.tooMuchData, msg: expect.any(String), result: null });
    }
  });

  it('lets a client finish uploading 6 MB before the 413 (no reset), with and without Content-Length', async () => {
    const body = Buffer.alloc(SIX_MB, 'a');
    const framings: Record<string, string>[] = [
      { 'content-length': String(body.length) },
      { 'transfer-encoding': 'chunked' },
    ];
    for (const framing of framings) {
      const { response, writeError } = await rawPost(server.url, '/api/login', body, {
        'content-type': 'application/json',
        ...framing,
      });
      expect(writeError).toBeUndefined();
      expect(response).toMatch(/^HTTP\/1\.1 413 /);
      expect(response).toContain('"code":1009');
    }
  });
});
