import { epochToLocalTime, makeLocation } from '@headway/protocol';
import { PlatformAlarmCode } from '@headway/spec';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../../test/helpers/client.ts';
import { createTestStore, ENGINES } from '../../../test/helpers/database.ts';
import { PASSWORD } from '../../../test/helpers/server.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { seedDemo } from '../../demo/seed.ts';
import { gatewayModule } from '../../gateway/module.ts';
import { TestTerminal } from '../../gateway/testing/terminal.ts';
import { ingestModule } from '../../ingest/module.ts';
import '../../lines/demo-register.ts';
import { transitDb } from '../../lines/schema.ts';
import { liveModule } from '../../live/module.ts';
import { sleep } from '../../live/testing/stomp-client.ts';
import type { PlatformModule } from '../../platform.ts';
import type { Engine, Store } from '../../store/db.ts';
import { alarmsDb } from '../schema.ts';

// A limit or rule changed on the console reaches the running detector without a restart: real 0x0200 frames over
// the gateway's TCP port, the change made through the HTTP API of the same process in between.

const quiet = pino({ level: 'silent' });

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

describe.each(ENGINES)('alarm rules reach the ingest on %s', (engine: Engine) => {
  let store: Store;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  const stops: (() => Promise<void>)[] = [];
  let terminal: TestTerminal;
  let admin: HeadwayClient;
  let bus: { carId: number; phone: string; lineId: number; lat: number; lng: number };
  let clock = Math.floor(Date.now() / 1000) - 600;

  beforeAll(async () => {
    ({ store, drop } = await createTestStore(engine));
    const { companyId } = await seedDemo(store.db, { password: PASSWORD });
    const row = await transitDb(store.db)
      .selectFrom('vehicles as v')
      .innerJoin('devices as d', 'd.id', 'v.device_id')
      .innerJoin('lines as l', 'l.id', 'v.line_id')
      .innerJoin('line_stations as s', (j) =>
        j.onRef('s.line_id', '=', 'l.id').on('s.direction', '=', 1).on('s.serial', '=', 1),
      )
      .select(['v.id', 'd.terminal_phone', 'l.id as line_id', 's.lat', 's.lng'])
      .where('v.company_id', '=', companyId)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    bus = { carId: row.id, phone: row.terminal_phone, lineId: row.line_id, lat: row.lat, lng: row.lng };
    // Neither the vehicle nor its line has a limit: the company's 60 km/h applies at first.
    await transitDb(store.db).updateTable('vehicles').set({ speed_limit: null }).where('id', '=', bus.carId).execute();
    await transitDb(store.db).updateTable('lines').set({ speed_limit: null }).where('id', '=', bus.lineId).execute();

    app = await buildApp({ db: store.db, auth: { loginAttemptsPerMinute: 100_000 } });
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', HEADWAY_DEMO: '0' });
    const modules: PlatformModule[] = [
      gatewayModule({ host: '127.0.0.1', port: 0, mediaPort: 0, attachmentPort: 0 }),
      liveModule,
      // The periodic refresh is out of the picture: only the API's own refresh can bring the change in time.
      ingestModule({ refreshMs: 3_600_000, alarms: { sweepMs: 3_600_000 } }),
    ];
    for (const m of modules) {
      const handle = await m.start({ config, store, app, logger: quiet });
      if (handle) stops.push(() => handle.stop());
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    admin = new HeadwayClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    expect((await admin.login('admin', PASSWORD)).code).toBe(0);

    const gateway = app.gateway;
    if (!gateway) throw new Error('no gateway');
    terminal = await TestTerminal.connect(gateway.ports.jt808, bus.phone);
    const registered = await terminal.register();
    expect(await terminal.authenticate(registered.token ?? '')).toBe(0);
  }, 120_000);

  afterAll(async () => {
    terminal?.close();
    await app?.close();
    for (const stop of stops.reverse()) await stop();
    await drop?.();
  });

  async function report(speed: number): Promise<number> {
    clock += 5;
    const body = makeLocation({
      lat: bus.lat,
      lng: bus.lng,
      speedKmh: speed,
      direction: 90,
      time: epochToLocalTime(clock, 480),
      status: 0x3,
      alarmFlags: 0,
      items: [{ id: 0x31, satellites: 11 }],
    });
    await terminal.ackOf(terminal.send({ msgId: 0x0200, body }));
    return clock;
  }

  /** Four reports: 50 km/h for 15 s, then 30 km/h. Answers the over-speed alarms they raised, with their limit. */
  async function drive(): Promise<{ event_time: number; end_time: number | null; limit: unknown }[]> {
    const before = app.ingest?.stats.processed ?? 0;
    const from = await report(50);
    for (const speed of [50, 50, 50, 30]) await report(speed);
    await until(() => ((app.ingest?.stats.processed ?? 0) >= before + 5 ? true : undefined));
    await app.ingest?.alarms?.writer.flush();
    const rows = await alarmsDb(store.db)
      .selectFrom('alarms')
      .select(['event_time', 'end_time', 'attached'])
      .where('car_id', '=', bus.carId)
      .where('platform_alarm_id', '=', PlatformAlarmCode.overSpeed)
      .where('event_time', '>=', from)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ event_time: r.event_time, end_time: r.end_time, limit: JSON.parse(r.attached).limit }));
  }

  it('judges the next reports by a vehicle limit and by company rules set through the API, without a restart', async () => {
    expect(await drive()).toEqual([]);

    const set = await admin.put('/basic/alarm/speed-limit', { kind: 'vehicle', id: bus.carId, speed_limit: 40 });
    expect(set.code).toBe(0);
    const byVehicle = await drive();
    expect(byVehicle).toHaveLength(1);
    expect(byVehicle[0]).toMatchObject({ limit: 40, end_time: clock });

    // Back to inheriting, with a company default now below 50.
    expect(
      (await admin.put('/basic/alarm/speed-limit', { kind: 'vehicle', id: bus.carId, speed_limit: null })).code,
    ).toBe(0);
    const rules = {
      over_speed_kmh: 45,
      over_speed_seconds: 10,
      offline_minutes: 30,
      parking_minutes: 20,
      depot_radius_m: 300,
    };
    expect((await admin.put('/basic/alarm/rules', rules)).code).toBe(0);
    expect((await drive()).map((a) => a.limit)).toEqual([45]);

    // 0 on the line: no limit at all, whatever the company's default.
    expect((await admin.put('/basic/alarm/speed-limit', { kind: 'line', id: bus.lineId, speed_limit: 0 })).code).toBe(
      0,
    );
    expect(await drive()).toEqual([]);
  }, 60_000);
});
