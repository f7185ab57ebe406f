import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Store } from '../src/store/db.ts';
import { createTestStore, type TestStore } from './helpers/database.ts';

// An unexpected failure (here: the database is gone) must answer 1000 with no internals, and be logged.
describe('an unexpected failure', () => {
  let test: TestStore;
  let store: Store;
  const logged: string[] = [];
  let url = '';
  let close: () => Promise<unknown> = async () => {};

  beforeAll(async () => {
    test = await createTestStore('sqlite');
    store = test.store;
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ db: store.db, logger: pino({ level: 'error' }, sink) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    close = () => app.close();
    await store.close();
  });
  afterAll(async () => {
    await close();
    await test.drop().catch(() => undefined);
  });

  it('answers code 1000 without a stack and logs the cause with the request id', async () => {
    const response = await fetch(`${url}/api/company/display`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ code: 1000, msg: 'Unknown error', result: null });
    expect(logged.some((line) => line.includes('"reqId"') && line.includes('unexpected failure'))).toBe(true);
  });
});
