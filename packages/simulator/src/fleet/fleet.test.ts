import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openStore, type Store, seedDemo } from '@headway/server';
import { seedDemoTransit } from '@headway/server/lines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED } from '../../test/feed.ts';
import { TestPlatform } from '../../test/platform.ts';
import { loadFeedSchedule } from '../plan/from-feed.ts';
import { warpedClock } from './clock.ts';
import { startDemoFleet } from './demo.ts';
import { LoadDutySource } from './duty-sources.ts';
import { Fleet } from './fleet.ts';
import { GroundTruthWriter } from './ground-truth.ts';
import { loadVehicles } from './load-vehicles.ts';

let platform: TestPlatform;
const dir = mkdtempSync(join(tmpdir(), 'headway-fleet-'));

beforeAll(async () => {
  platform = new TestPlatform();
  await platform.listen();
});
afterAll(async () => platform.close());

describe('fleet', () => {
  it('runs a time-warped load fleet on real shapes and writes ground truth', async () => {
    const schedule = await loadFeedSchedule(FEED);
    const specs = loadVehicles(schedule, { count: 20, phonePrefix: '1370000' });
    const truthFile = join(dir, 'truth.jsonl');
    const fleet = new Fleet(specs, {
      host: '127.0.0.1',
      port: platform.port,
      interval: 1,
      // An hour of service in a minute: 60 simulated seconds per report.
      clock: warpedClock(Date.UTC(2026, 10, 24, 14), 60),
      duties: new LoadDutySource(schedule, specs, 3),
      truth: new GroundTruthWriter(truthFile),
      scheduleUtcOffsetSeconds: -5 * 3600,
    });
    await fleet.start();
    await expect.poll(() => fleet.stats.connected, { timeout: 5000 }).toBe(20);
    await new Promise((r) => setTimeout(r, 5000));
    await fleet.stop();
    expect(fleet.stats.acks).toBeGreaterThanOrEqual(60);
    expect(fleet.stats.errors).toBe(0);
    const truth = readFileSync(truthFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(truth.length).toBeGreaterThan(100);
    expect(truth[0]).toMatchObject({ phone: expect.stringMatching(/^1370000\d{5}$/), flag: expect.any(Number) });
    // Reports carry simulated time: an hour apart within the few seconds the test ran.
    const reports = platform.received.filter((m) => m.msgId === 0x0200 && m.header.phone.endsWith('137000000001'));
    expect(reports.length).toBeGreaterThan(3);
  }, 30_000);

  it('starts the demo fleet from the seeded company: every bus comes online with its device', async () => {
    const store: Store = openStore({ engine: 'sqlite', file: join(dir, 'demo.sqlite') });
    await migrateToLatest(store);
    const { companyId } = await seedDemo(store.db, { password: 'demo-pass' });
    await seedDemoTransit(store.db, companyId);
    const demo = await startDemoFleet({ db: store.db, port: platform.port, interval: 2, timeShift: 'auto' });
    try {
      expect(demo.vehicles).toBeGreaterThanOrEqual(60);
      await expect.poll(() => demo.fleet.terminals().every((t) => t.online), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => demo.fleet.stats.acks, { timeout: 10_000 }).toBeGreaterThan(demo.vehicles);
      const phones = () =>
        new Set(
          platform.received
            .filter((m) => m.msgId === 0x0200)
            .map((m) => m.header.phone.replace(/^0+/, ''))
            .filter((p) => p.startsWith('1392026')),
        ).size;
      await expect.poll(phones, { timeout: 10_000 }).toBe(demo.vehicles);
      // Some buses are out on the road (moving) and 2019 terminals are among them.
      const moving = platform.received.filter((m) => m.msgId === 0x0200 && m.body.speedKmh > 0);
      expect(moving.length).toBeGreaterThan(0);
      expect(platform.received.some((m) => m.msgId === 0x0102 && m.header.versionFlag)).toBe(true);
    } finally {
      await demo.stop();
      await store.close();
    }
  }, 60_000);
});
