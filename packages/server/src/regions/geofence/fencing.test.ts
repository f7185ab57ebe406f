import { epochToLocalTime, makeLocation } from '@headway/protocol';
import { PlatformAlarmCode } from '@headway/spec';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/database.ts';
import { seedCompany } from '../../../test/helpers/server.ts';
import { alarmsDb } from '../../alarms/schema.ts';
import type { AlarmBody } from '../../contract/alarms.ts';
import { IngestPipeline, type LivePublisher } from '../../ingest/pipeline.ts';
import { sleep } from '../../live/testing/stomp-client.ts';
import { type StoredPosition, toStoredPosition } from '../../tracks/position-row.ts';
import { regionDb } from '../schema.ts';
import { makeRng, offset } from './testing/places.ts';

// Geofencing in the real ingest on both engines: reports committed → enter/exit alarms stored by the alarm writer
// and pushed like any alarm (region name in the details), region_visits opened and closed with their dwell, a
// region added and picked up on reload, and a restart that does not enter again a visit still open.

const quiet = pino({ level: 'silent' });
const PHONE = '013900000015';
const T0 = 1_790_000_000;

class Pushed implements LivePublisher {
  readonly alarms: AlarmBody[] = [];
  publishPositions(): void {}
  publishAlarms(_companyId: number, alarms: readonly AlarmBody[]): void {
    this.alarms.push(...alarms);
  }
}

function position(companyId: number, dx: number, time: number, noise: () => number): StoredPosition {
  const [lat, lng] = offset(dx + noise(), noise());
  const report = makeLocation({
    lat,
    lng,
    speedKmh: 36,
    altitude: 10,
    direction: 90,
    time: epochToLocalTime(time, 480),
    status: 0x3,
    items: [],
  });
  return toStoredPosition(report, {
    companyId,
    terminalPhone: PHONE,
    vehicleId: null,
    utcOffsetMinutes: 480,
    receiveTime: time,
  });
}

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

describe.each(ENGINES)('geofencing in the ingest on %s', (engine) => {
  let test: TestStore;
  let companyId: number;
  let regionId: number;

  beforeAll(async () => {
    test = await createTestStore(engine);
    ({ companyId } = await seedCompany(test.store, 'Fenced', 'fenced'));
    const square = [
      [-250, -250],
      [250, -250],
      [250, 250],
      [-250, 250],
    ].map(([dx, dy]) => offset(dx as number, dy as number).join(','));
    const row = await regionDb(test.store.db)
      .insertInto('regions')
      .values({
        company_id: companyId,
        region_name: 'North depot',
        region_type: 3,
        use_type: 1,
        region_point: square.join('|'),
        created_by: null,
        created_at: T0,
        updated_at: T0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    regionId = row.id;
  });

  afterAll(async () => {
    await test.drop();
  });

  const start = async (live: Pushed) => {
    const pipeline = new IngestPipeline(test.store, live, quiet, {
      warmupSeconds: 0,
      alarms: { sweepMs: 3_600_000, regions: { visitFlushMs: 20 } },
    });
    await pipeline.start();
    return pipeline;
  };

  it('a bus driven through a polygon with ±15 m noise: one enter, one exit, one visit with its dwell', async () => {
    const live = new Pushed();
    const pipeline = await start(live);
    const rng = makeRng(11);
    const noise = () => (rng() * 2 - 1) * 15;
    let t = T0;
    for (let dx = -600; dx <= 600; dx += 10) pipeline.enqueue([position(companyId, dx, t++, noise)]);

    const alarms = await until(async () => {
      const rows = await alarmsDb(test.store.db)
        .selectFrom('alarms')
        .selectAll()
        .where('company_id', '=', companyId)
        .orderBy('event_time')
        .execute();
      return rows.length >= 2 ? rows : undefined;
    });
    expect(alarms.map((a) => a.platform_alarm_id)).toEqual([
      PlatformAlarmCode.regionEnter,
      PlatformAlarmCode.regionExit,
    ]);
    expect(JSON.parse(alarms[0]?.attached ?? '{}')).toMatchObject({ region_id: regionId, region_name: 'North depot' });
    await until(() => (live.alarms.length >= 2 ? true : undefined));
    expect(live.alarms.map((a) => a.region_name)).toEqual(['North depot', 'North depot']);
    expect(live.alarms.map((a) => a.platform_alarm_id)).toEqual([
      PlatformAlarmCode.regionEnter,
      PlatformAlarmCode.regionExit,
    ]);

    const visit = await until(async () => {
      const rows = await regionDb(test.store.db).selectFrom('region_visits').selectAll().execute();
      return rows.length === 1 && rows[0]?.exit_time !== null ? rows[0] : undefined;
    });
    expect(visit.region_id).toBe(regionId);
    expect(Number(visit.exit_time) - Number(visit.enter_time)).toBe(visit.dwell_seconds);
    expect(visit.dwell_seconds).toBeGreaterThan(40);
    expect(visit.dwell_seconds).toBeLessThan(60);
    await pipeline.stop();
  });

  it('a visit still open over a restart is not entered again, and is closed on exit', async () => {
    let live = new Pushed();
    let pipeline = await start(live);
    const still = () => 0;
    const t = T0 + 10_000;
    pipeline.enqueue([position(companyId, 0, t, still)]);
    pipeline.enqueue([position(companyId, 0, t + 1, still)]);
    await until(() => (live.alarms.length === 1 ? true : undefined));
    await pipeline.stop();

    live = new Pushed();
    pipeline = await start(live);
    pipeline.enqueue([position(companyId, 0, t + 2, still)]);
    pipeline.enqueue([position(companyId, 900, t + 3, still)]);
    pipeline.enqueue([position(companyId, 900, t + 4, still)]);
    await until(() => (live.alarms.length >= 1 ? true : undefined));
    expect(live.alarms.map((a) => a.platform_alarm_id)).toEqual([PlatformAlarmCode.regionExit]);
    const visit = await until(async () => {
      const row = await regionDb(test.store.db)
        .selectFrom('region_visits')
        .selectAll()
        .where('enter_time', '=', t)
        .executeTakeFirst();
      return row?.exit_time != null ? row : undefined;
    });
    expect(visit.dwell_seconds).toBe(3);
    await pipeline.stop();
  });

  it('a region added is fenced after reloadRegions; a POI never is', async () => {
    const live = new Pushed();
    const pipeline = await start(live);
    const [lat, lng] = offset(5000, 0);
    await regionDb(test.store.db)
      .insertInto('regions')
      .values([
        {
          company_id: companyId,
          region_name: 'Gas station',
          region_type: 1,
          use_type: 2,
          region_point: `${lat},${lng},100`,
          created_by: null,
          created_at: T0,
          updated_at: T0,
        },
        {
          company_id: companyId,
          region_name: 'A marker',
          region_type: 0,
          use_type: 0,
          region_point: `${lat},${lng}`,
          created_by: null,
          created_at: T0,
          updated_at: T0,
        },
      ])
      .execute();
    await pipeline.reloadRegions(companyId);
    const still = () => 0;
    pipeline.enqueue([position(companyId, 5000, T0 + 20_000, still)]);
    pipeline.enqueue([position(companyId, 5000, T0 + 20_001, still)]);
    const [alarm] = await until(() => (live.alarms.length >= 1 ? live.alarms : undefined));
    expect(alarm?.platform_alarm_id).toBe(PlatformAlarmCode.regionEnter);
    expect(alarm?.region_name).toBe('Gas station');
    await pipeline.stop();
    expect(live.alarms).toHaveLength(1);
  });
});
