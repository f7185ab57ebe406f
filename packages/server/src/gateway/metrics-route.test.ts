import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../test/helpers/client.ts';
import { createTestStore, type TestStore } from '../../test/helpers/database.ts';
import { mountApiRoutes } from '../api-routes.ts';
import { buildApp } from '../app.ts';
import { seedDemo } from '../demo/seed.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { ManualClock } from '../kernel/time.ts';
import { GatewayMetrics } from './metrics.ts';
import { metricsRoutes } from './metrics-route.ts';

describe('GET /api/admin/gateway/metrics', () => {
  let t: TestStore;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  const metrics = new GatewayMetrics();
  // The app's clock runs a day ahead of the machine's and its policy allows 30 s of skew (default 300 s): a
  // route judged with the system clock or the default policy answers differently from one judged with the app's.
  const clock = new ManualClock(Date.now() + 86_400_000);
  const client = () => new HeadwayClient(url, '/api', () => clock.now());

  beforeAll(async () => {
    t = await createTestStore('sqlite');
    await seedDemo(t.store.db, { password: 'headway2026', clock });
    app = await buildApp({ db: t.store.db, clock, auth: { maxSkewSeconds: 30 }, logger: pino({ level: 'silent' }) });
    // As the gateway module mounts it on the running app (gateway/module.ts).
    await mountApiRoutes(app, metricsRoutes(metrics));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('serves the counters to an @Admin session', async () => {
    metrics.frameIn(0x0200);
    metrics.ackLatency.record(3);
    const admin = client();
    expect((await admin.login('admin', 'headway2026')).code).toBe(0);
    const reply = await admin.get<{ framesIn: Record<string, number>; ingest: { ackLatency: { count: number } } }>(
      '/admin/gateway/metrics',
    );
    expect(reply.code).toBe(0);
    expect(reply.result.framesIn['0x0200']).toBe(1);
    expect(reply.result.ingest.ackLatency.count).toBe(1);
  });

  it('refuses a @User session (1005) and an anonymous caller (1001)', async () => {
    const dispatcher = client();
    expect((await dispatcher.login('dispatcher', 'headway2026')).code).toBe(0);
    expect((await dispatcher.get('/admin/gateway/metrics')).code).toBe(ErrorCode.permission);
    expect((await client().get('/admin/gateway/metrics')).code).toBe(ErrorCode.loginExpired);
  });

  it('judges requests with the app’s clock and policy, like the feature routes', async () => {
    const admin = client();
    expect((await admin.login('admin', 'headway2026')).code).toBe(0);
    const appNow = Math.floor(clock.now() / 1000);
    const machineNow = Math.floor(Date.now() / 1000);
    for (const path of ['/admin/gateway/metrics', '/owner/user/info']) {
      // Signed with the machine's clock: a day off the app's.
      expect((await admin.get(path, { timestamp: machineNow })).code, path).toBe(ErrorCode.timestampSkew);
      // 60 s off: within the default policy, beyond this app's 30 s.
      expect((await admin.get(path, { timestamp: appNow - 60 })).code, path).toBe(ErrorCode.timestampSkew);
      expect((await admin.get(path)).code, path).toBe(0);
    }
  });
});
