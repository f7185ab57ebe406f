import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../test/helpers/client.ts';
import { createTestStore, type TestStore } from '../../test/helpers/database.ts';
import { buildApp } from '../app.ts';
import { seedDemo } from '../demo/seed.ts';
import { GatewayMetrics } from './metrics.ts';
import { registerMetricsRoute } from './metrics-route.ts';

describe('GET /api/admin/gateway/metrics', () => {
  let t: TestStore;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  const metrics = new GatewayMetrics();

  beforeAll(async () => {
    t = await createTestStore('sqlite');
    await seedDemo(t.store.db, { password: 'headway2026' });
    app = await buildApp({ db: t.store.db, logger: pino({ level: 'silent' }) });
    await registerMetricsRoute(app, t.store, metrics);
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
    const client = new HeadwayClient(url);
    expect((await client.login('admin', 'headway2026')).code).toBe(0);
    const reply = await client.get<{ framesIn: Record<string, number>; ingest: { ackLatency: { count: number } } }>(
      '/admin/gateway/metrics',
    );
    expect(reply.code).toBe(0);
    expect(reply.result.framesIn['0x0200']).toBe(1);
    expect(reply.result.ingest.ackLatency.count).toBe(1);
  });

  it('refuses a @User session (1005) and an anonymous caller (1001)', async () => {
    const client = new HeadwayClient(url);
    expect((await client.login('dispatcher', 'headway2026')).code).toBe(0);
    expect((await client.get('/admin/gateway/metrics')).code).toBe(1005);
    expect((await new HeadwayClient(url).get('/admin/gateway/metrics')).code).toBe(1001);
  });
});
