import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { LOGIN_LIMIT_TABLE } from '../src/auth/rate-limit.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { ErrorCode } from '../src/kernel/errors.ts';
import { openStore, type Store } from '../src/store/db.ts';
import { HeadwayClient, md5 } from './helpers/client.ts';
import { createTestStore, ENGINES, type TestStore } from './helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from './helpers/server.ts';

// The login burst limit (docs/api.md "Sessions"): attempts a minute per address and per account, 1103 beyond.
// rate-limiter-flexible keeps its own wall-clock windows, so moving past one fakes Date (timers stay real).

/** POST /login from a given client address (the servers below trust X-Forwarded-For). */
async function loginFrom(url: string, address: string, account: string, password = PASSWORD): Promise<number> {
  const client = new HeadwayClient(url);
  const body = { account, password: md5(password) };
  const reply = await client.request('POST', '/login', body, {
    unsigned: true,
    headers: { 'x-forwarded-for': address },
  });
  return reply.code;
}

async function codes(count: number, attempt: (i: number) => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(await attempt(i));
  return out;
}

afterEach(() => {
  vi.useRealTimers();
});

describe.each(ENGINES)('login burst limit on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { auth: { loginAttemptsPerMinute: 3 }, trustProxy: true });
    await seedCompany(server.store, 'Clerks', 'clerk');
  });
  afterAll(() => server.close());

  it('counts in the database on PostgreSQL and in memory on SQLite', () => {
    expect(server.app.services.loginLimiter.store).toBe(engine === 'postgres' ? 'postgres' : 'memory');
  });

  it('refuses attempts beyond the limit from one address (1103), even correct ones, until the window passes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const from = () => loginFrom(server.url, '198.51.100.1', 'admin');
    // A correct login does not give the attempt back: the limit counts attempts (docs/api.md), not failures.
    expect(await codes(4, from)).toEqual([0, 0, 0, ErrorCode.tooFrequent]);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await loginFrom(server.url, '198.51.100.1', 'admin')).toBe(0);
  });

  it('refuses a fourth attempt on one account from fresh addresses, before the password is checked', async () => {
    const fresh = (i: number) => loginFrom(server.url, `198.51.100.${10 + i}`, 'clerk', 'wrong');
    expect(await codes(3, fresh)).toEqual([1100, 1100, 1100]);
    // The right password is refused too: the account's budget is spent, whichever address asks.
    expect(await loginFrom(server.url, '198.51.100.20', 'clerk')).toBe(ErrorCode.tooFrequent);
    expect(await loginFrom(server.url, '198.51.100.21', 'dispatcher')).toBe(0);
  });

  it('counts an IPv6 client per /64', async () => {
    const from = (i: number) => loginFrom(server.url, `2001:db8:7:7::${i + 1}`, 'nobody-here');
    expect(await codes(4, from)).toEqual([1100, 1100, 1100, ErrorCode.tooFrequent]);
    expect(await loginFrom(server.url, '2001:db8:7:8::1', 'nobody-here')).toBe(1100);
  });

  it('keeps made-up account names out of its keys (only addresses and existing users are counted)', async () => {
    const invented = (i: number) => loginFrom(server.url, `203.0.113.${i + 1}`, `invented-${i}-${'x'.repeat(40)}`);
    expect(await codes(3, invented)).toEqual([1100, 1100, 1100]);
    if (engine !== 'postgres') return;
    const rows = await sql<{ key: string }>`select key from ${sql.table(LOGIN_LIMIT_TABLE)}`.execute(server.store.db);
    const keys = rows.rows.map((row) => row.key);
    expect(keys).toContain('login:ip:203.0.113.1');
    expect(keys.every((key) => /^login:(ip:[0-9a-f.:/]+|ip:unparsed|user:\d+)$/.test(key))).toBe(true);
  });
});

// The point of a shared store: with two API nodes behind a balancer, the limit holds for the pair, not per node.
describe.runIf(ENGINES.includes('postgres'))('login burst limit across two API nodes on PostgreSQL', () => {
  let test: TestStore;
  let secondStore: Store;
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    test = await createTestStore('postgres');
    await seedDemo(test.store.db, { password: PASSWORD });
    if (!('databaseUrl' in test.location)) throw new Error('expected a PostgreSQL database');
    // Each node has its own connection pool to the same database, as two processes would.
    secondStore = openStore({ engine: 'postgres', url: test.location.databaseUrl });
    for (const store of [test.store, secondStore]) {
      const app = await buildApp({ db: store.db, auth: { loginAttemptsPerMinute: 3 }, trustProxy: true });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      apps.push(app);
      urls.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await secondStore.close();
    await test.drop();
  });

  it('counts an address’s attempts on both nodes together', async () => {
    const alternate = (i: number) => loginFrom(urls[i % 2] ?? '', '192.0.2.50', 'admin');
    expect(await codes(4, alternate)).toEqual([0, 0, 0, ErrorCode.tooFrequent]);
    // The other node refuses it as well.
    expect(await loginFrom(urls[0] ?? '', '192.0.2.50', 'admin')).toBe(ErrorCode.tooFrequent);
  });

  it('counts an account’s attempts on both nodes together', async () => {
    const alternate = (i: number) => loginFrom(urls[i % 2] ?? '', `192.0.2.${60 + i}`, 'dispatcher');
    expect(await codes(4, alternate)).toEqual([0, 0, 0, ErrorCode.tooFrequent]);
  });
});
