import { epochToLocalTime, makeLocation } from '@headway/protocol';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../test/helpers/client.ts';
import { createTestStore, ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany } from '../../test/helpers/server.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemo } from '../demo/seed.ts';
import type { DepartArriveRow } from '../departures/queries.ts';
import { gatewayModule } from '../gateway/module.ts';
import { TestTerminal } from '../gateway/testing/terminal.ts';
import '../lines/demo-register.ts';
import { transitDb } from '../lines/schema.ts';
import { liveModule } from '../live/module.ts';
import type { RealData } from '../live/real-data.ts';
import { collect, mustConnect, sleep } from '../live/testing/stomp-client.ts';
import type { PlatformModule } from '../platform.ts';
import type { DirectionGeometry } from '../progress/index.ts';
import type { Engine, Store } from '../store/db.ts';
import { lineKey, loadLines } from './directory.ts';
import { ingestModule } from './module.ts';
import { type DriveFix, driveDirection } from './testing/drive-line.ts';

// Device to dispatcher, through the ingest: a JT/T 808 terminal drives a demo bus along a real Staten Island line
// over TCP; the console's STOMP client sees real_data with the line progress; the arrival/departure events are
// stored and searchable per tenant; a restart restores the live state and the progress along the line.

const quiet = pino({ level: 'silent' });

interface Running {
  app: FastifyInstance;
  port: number;
  stop(): Promise<void>;
}

async function startPlatformOn(store: Store): Promise<Running> {
  const app = await buildApp({ db: store.db, auth: { loginAttemptsPerMinute: 100_000 } });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', HEADWAY_DEMO: '0' });
  const modules: PlatformModule[] = [
    gatewayModule({ host: '127.0.0.1', port: 0, mediaPort: 0, attachmentPort: 0 }),
    liveModule,
    ingestModule({ stateFlushMs: 500, eventFlushMs: 100 }),
  ];
  const stops: (() => Promise<void>)[] = [];
  for (const m of modules) {
    const handle = await m.start({ config, store, app, logger: quiet });
    if (handle) stops.push(() => handle.stop());
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    app,
    port: typeof address === 'object' && address ? address.port : 0,
    async stop() {
      await app.close();
      for (const s of stops.reverse()) await s();
    },
  };
}

function fix(f: DriveFix) {
  return makeLocation({
    lat: f.lat,
    lng: f.lng,
    speedKmh: f.speed,
    altitude: 10,
    direction: f.azimuth,
    time: epochToLocalTime(f.time, 480),
    status: 0x3,
    items: [
      { id: 0x01, mileageKm: 1000 },
      { id: 0x31, satellites: 12 },
      { id: 0xe1, raw: Uint8Array.from([0, 120, 0, 14, 0, 6, 0, 3, 0, 1]) },
      { id: 0xe2, raw: new TextEncoder().encode('dei=D0001;dci=1000000001;dct=1795316452;cei=C0001;cct=1795316452') },
    ],
  });
}

async function drive(terminal: TestTerminal, fixes: readonly DriveFix[]): Promise<void> {
  for (const f of fixes) await terminal.ackOf(terminal.send({ msgId: 0x0200, body: fix(f) }));
}

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}

describe.each(ENGINES)('ingest pipeline on %s', (engine: Engine) => {
  let store: Store;
  let drop: () => Promise<void>;
  let companyId: number;
  let otherAdmin: string;
  let bus: { carId: number; carName: string; imei: string; phone: string; routeCode: string };
  let dir: DirectionGeometry;
  let platform: Running;
  let fixes: DriveFix[];
  let restAt: Map<number, number>;
  const split = { index: 0 };

  beforeAll(async () => {
    ({ store, drop } = await createTestStore(engine));
    companyId = (await seedDemo(store.db, { password: PASSWORD })).companyId;
    otherAdmin = `other-${engine}`;
    await seedCompany(store, 'Other Transit', otherAdmin);
    const row = await transitDb(store.db)
      .selectFrom('vehicles as v')
      .innerJoin('devices as d', 'd.id', 'v.device_id')
      .innerJoin('lines as l', 'l.id', 'v.line_id')
      .select(['v.id', 'v.car_name', 'v.imei', 'd.terminal_phone', 'l.route_code'])
      .where('v.company_id', '=', companyId)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    bus = {
      carId: row.id,
      carName: row.car_name,
      imei: row.imei,
      phone: row.terminal_phone,
      routeCode: row.route_code,
    };
    const line = (await loadLines(store.db)).get(lineKey(companyId, bus.routeCode));
    dir = line?.geometry.directions.find((d) => d.direction === 1) as DirectionGeometry;
    const stopAt = dir.stations.slice(1, 6).map((s) => s.serial);
    const sixth = dir.stations[5] as DirectionGeometry['stations'][number];
    const origin = dir.stations[0]?.distance ?? 0;
    ({ fixes, restAt } = driveDirection(dir, {
      start: Math.floor(Date.now() / 1000) - 900,
      interval: 5,
      speed: 8,
      dwellReports: 3,
      stopAt,
      until: sixth.distance - origin + 60,
    }));
    // Phase 1 ends once the bus has left station 3 by ~100 m; phase 2 (after the restart) drives on.
    const third = dir.stations[2] as DirectionGeometry['stations'][number];
    split.index = fixes.findIndex((f, i) => i > 0 && (restAt.get(third.serial) ?? 0) + 40 < f.time);
    platform = await startPlatformOn(store);
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await drop?.();
  });

  it('publishes real_data with route progress, passengers and cards on STOMP', async () => {
    const user = new HeadwayClient(`http://127.0.0.1:${platform.port}`);
    expect((await user.login('admin', PASSWORD)).code).toBe(0);
    const client = await mustConnect(`ws://127.0.0.1:${platform.port}/dispatch/websocket`, user.token);
    const gps = collect(client, `/topic/notify.${companyId}`);
    await sleep(50);

    const gateway = platform.app.gateway;
    if (!gateway) throw new Error('no gateway');
    const terminal = await TestTerminal.connect(gateway.ports.jt808, bus.phone);
    const registered = await terminal.register();
    expect(await terminal.authenticate(registered.token ?? '')).toBe(0);
    await drive(terminal, fixes.slice(0, split.index));
    terminal.close();

    const ours = (): RealData[] =>
      (gps.bodies() as { cmd: string; data: RealData[] }[])
        .filter((e) => e.cmd === 'gps')
        .flatMap((e) => e.data)
        .filter((d) => d.imei === bus.imei);
    const lastEt = fixes[split.index - 1]?.time ?? 0;
    const last = await until(() => ours().find((d) => d.et === lastEt));
    await client.deactivate();

    // The vehicle's IMEI (the tree's node_data.imei), not the terminal phone.
    expect(last.imei).toBe(bus.imei);
    expect(last.route).toMatchObject({ code: bus.routeCode, dir: 1, sn: dir.stations[2]?.serial });
    expect(last.route?.dist).toBeGreaterThan(0);
    expect(last.route?.dist).toBeLessThan((dir.stations[3]?.distance ?? 0) - (dir.stations[2]?.distance ?? 0));
    expect(last.route?.at).toBeGreaterThan(0);
    expect(last.route?.dt).toBeGreaterThan(last.route?.at ?? 0);
    expect(last.passenger).toEqual({ on_day: 120, on_trip: 14, off_trip: 6, on_real: 3, off_real: 1 });
    expect(last.card).toMatchObject({ dei: 'D0001', dci: '1000000001', dct: 1795316452, cei: 'C0001' });
    expect(last.att).toMatchObject({ sat: 12, max_km: 1000 });
    expect(last.s & (1 << 4)).toBeTruthy();
    expect(last.s & (1 << 7)).toBe(0);
    expect(last.w & (1 << 23)).toBe(0);
  }, 60_000);

  it('stores arrival and departure events and finds them with /device/depart/arrive, per tenant', async () => {
    await platform.app.ingest?.events.flush();
    const admin = new HeadwayClient(`http://127.0.0.1:${platform.port}`);
    await admin.login('admin', PASSWORD);
    const found = await admin.post<{ total: number; rows: DepartArriveRow[] }>('/device/depart/arrive', {
      page: 1,
      limit: 50,
      data: { route_code: bus.routeCode, car_id: bus.carId },
    });
    expect(found.code).toBe(0);
    const rows = found.result.rows;
    expect(found.result.total).toBe(rows.length);
    const second = dir.stations[1] as DirectionGeometry['stations'][number];
    const third = dir.stations[2] as DirectionGeometry['stations'][number];
    for (const st of [second, third]) {
      const arrival = rows.find((r) => r.serial === st.serial && r.flag === 1 && r.direction === 1);
      const departure = rows.find((r) => r.serial === st.serial && r.flag === 2 && r.direction === 1);
      expect(arrival, `arrival at ${st.serial}`).toMatchObject({
        imei: bus.imei,
        car_id: bus.carId,
        car_name: bus.carName,
        route_code: bus.routeCode,
        station_name: st.name,
      });
      expect(Math.abs((arrival?.event_time ?? 0) - (restAt.get(st.serial) ?? 0))).toBeLessThanOrEqual(10);
      expect(departure?.event_time).toBeGreaterThan(arrival?.event_time ?? 0);
    }
    // The origin's departure was seen too.
    expect(rows.some((r) => r.serial === dir.stations[0]?.serial && r.flag === 2)).toBe(true);
    // Newest first; the time window filters.
    expect(rows[0]?.event_time).toBeGreaterThanOrEqual(rows.at(-1)?.event_time ?? 0);
    const t2 = restAt.get(second.serial) ?? 0;
    const window = await admin.post<{ total: number; rows: DepartArriveRow[] }>('/device/depart/arrive?limit=10', {
      data: { start_time: t2 - 20, end_time: t2 + 20 },
    });
    expect(window.result.rows.every((r) => r.event_time >= t2 - 20 && r.event_time <= t2 + 20)).toBe(true);
    expect(window.result.rows.some((r) => r.serial === second.serial && r.flag === 1)).toBe(true);

    // Another tenant sees none of it, filtered or not.
    const other = new HeadwayClient(`http://127.0.0.1:${platform.port}`);
    expect((await other.login(otherAdmin, PASSWORD)).code).toBe(0);
    const theirs = await other.post<{ total: number; rows: unknown[] }>('/device/depart/arrive', {
      data: { car_id: bus.carId },
    });
    expect(theirs.code).toBe(0);
    expect(theirs.result).toEqual({ total: 0, rows: [] });
    expect((await other.post<{ total: number }>('/device/depart/arrive', {})).result.total).toBe(0);
  }, 30_000);

  it('restores the live state and the line progress after a restart', async () => {
    await platform.stop();
    platform = await startPlatformOn(store);
    const live = platform.app.live;
    if (!live) throw new Error('no live channel');
    const restored = live.latestPosition(companyId, bus.imei);
    expect(restored?.route).toMatchObject({ code: bus.routeCode, dir: 1, sn: dir.stations[2]?.serial });
    expect(restored?.passenger?.on_day).toBe(120);

    const gateway = platform.app.gateway;
    if (!gateway) throw new Error('no gateway');
    const terminal = await TestTerminal.connect(gateway.ports.jt808, bus.phone);
    const registered = await terminal.register();
    expect(await terminal.authenticate(registered.token ?? '')).toBe(0);
    const before = Math.floor(Date.now() / 1000);
    const first = fixes[split.index] as DriveFix;
    await drive(terminal, [first]);
    // The first report after the restart continues the trip: still past station 3 with its arrival time, not a
    // vehicle seen for the first time (sn 0).
    const resumed = await until(() => {
      const d = live.latestPosition(companyId, bus.imei);
      return d && d.et === first.time ? d : undefined;
    });
    expect(resumed.route).toMatchObject({ dir: 1, sn: dir.stations[2]?.serial, at: restored?.route?.at });
    await drive(terminal, fixes.slice(split.index + 1));
    terminal.close();
    await until(() => ((platform.app.ingest?.stats.processed ?? 0) >= fixes.length - split.index ? true : undefined));
    await platform.app.ingest?.events.flush();

    const admin = new HeadwayClient(`http://127.0.0.1:${platform.port}`);
    await admin.login('admin', PASSWORD);
    const found = await admin.post<{ rows: (DepartArriveRow & { id: number })[] }>('/device/depart/arrive', {
      limit: 100,
      data: { car_id: bus.carId },
    });
    const after = found.result.rows.filter((r) => r.event_time > (restAt.get(dir.stations[2]?.serial ?? 0) ?? 0) + 20);
    const fourth = dir.stations[3]?.serial;
    const fifth = dir.stations[4]?.serial;
    // Progress carried over the restart: it goes on at station 4, not a new trip from station 1.
    expect(after.some((r) => r.serial === fourth && r.flag === 1)).toBe(true);
    expect(after.some((r) => r.serial === fifth && r.flag === 2)).toBe(true);
    expect(found.result.rows.filter((r) => r.serial === dir.stations[1]?.serial && r.flag === 1)).toHaveLength(1);
    expect(before).toBeGreaterThan(0);
  }, 60_000);
});
