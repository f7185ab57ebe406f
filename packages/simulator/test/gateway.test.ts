import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openStore, seedDemo } from '@headway/server';
import { seedDemoTransit } from '@headway/server/lines';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
// The real gateway of the server package (test fixture: loopback, free ports, silent logger).
import { startTestGateway } from '../../server/src/gateway/testing/fixture.ts';
import { startDemoFleet } from '../src/fleet/demo.ts';

describe('demo fleet against the real gateway', () => {
  it('registers every bus, and loses no report across dropped connections', async () => {
    const store = openStore({ engine: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'headway-sim-gw-')), 'h.db') });
    await migrateToLatest(store);
    const { companyId } = await seedDemo(store.db, { password: 'demo-pass' });
    await seedDemoTransit(store.db, companyId);
    let gateway = await startTestGateway(store);
    const port = gateway.ports.jt808;
    const demo = await startDemoFleet({ db: store.db, port, interval: 2 });
    try {
      const terminals = demo.fleet.terminals();
      await expect.poll(() => terminals.filter((t) => t.online).length, { timeout: 20_000 }).toBe(demo.vehicles);
      await new Promise((r) => setTimeout(r, 3000));
      // A gateway restart: every connection drops; the terminals keep reporting offline and reconnect.
      await gateway.stop();
      await new Promise((r) => setTimeout(r, 2500));
      gateway = await startTestGateway(store, { port });
      await expect.poll(() => terminals.filter((t) => t.online).length, { timeout: 40_000 }).toBe(demo.vehicles);
      await new Promise((r) => setTimeout(r, 2000));
      demo.fleet.pause();
      await expect.poll(() => terminals.reduce((n, t) => n + t.unacked, 0), { timeout: 30_000 }).toBe(0);
      const made = demo.fleet.stats.reportsMade;
      const rows = await sql<{ n: number; d: number; phones: number }>`
        select count(*) as n, count(distinct terminal_phone || ':' || event_time) as d, count(distinct terminal_phone) as phones
        from positions`.execute(store.db);
      const { n, d, phones } = rows.rows[0]!;
      expect(phones).toBe(demo.vehicles);
      // Every report made was stored once: none lost (a report acked late may be stored twice, never zero times).
      expect(d).toBe(made);
      expect(n).toBeGreaterThanOrEqual(made);
      expect(demo.fleet.stats.batchesSent).toBeGreaterThan(0);
    } finally {
      await demo.stop();
      await gateway.stop();
      await store.close();
    }
  }, 120_000);
});
