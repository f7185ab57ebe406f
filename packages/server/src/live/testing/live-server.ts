import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { seedDemo } from '../../demo/seed.ts';
import { ManualClock } from '../../kernel/time.ts';
import { type Engine, openStore, type Store } from '../../store/db.ts';
import { migrateToLatest } from '../../store/migrate.ts';
import type { Live } from '../live.ts';
import type { LiveOptions } from '../options.ts';
import { registerLive } from '../plugin.ts';

// The app with the live channel on a random port over a fresh SQLite file: what tests and bench/live-*.ts talk to.

export const LIVE_TEST_PASSWORD = 'headway2026';

export interface LiveServer {
  app: FastifyInstance;
  live: Live;
  store: Store;
  clock: ManualClock;
  demoCompanyId: number;
  httpUrl: string;
  wsUrl: string;
  close(): Promise<void>;
}

export async function startLiveServer(
  options: Partial<LiveOptions> = {},
  engine: Engine = 'sqlite',
): Promise<LiveServer> {
  if (engine !== 'sqlite') throw new Error('live test server runs on SQLite');
  const dir = mkdtempSync(join(tmpdir(), 'headway-live-'));
  const store = openStore({ engine: 'sqlite', file: join(dir, 'headway.db') });
  await migrateToLatest(store);
  const clock = new ManualClock();
  const demo = await seedDemo(store.db, { password: LIVE_TEST_PASSWORD, clock });
  const app = await buildApp({ db: store.db, clock, auth: { loginAttemptsPerMinute: 100_000 } });
  const live = await registerLive(app, { db: store.db, clock, options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    live,
    store,
    clock,
    demoCompanyId: demo.companyId,
    httpUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/dispatch/websocket`,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
