import { epochToLocalTime, type LocationItem, type LocationReport, makeLocation } from '@headway/protocol';
import { PlatformAlarmCode, safetyAlarmCode, WarningMask } from '@headway/spec';
import type { Client } from '@stomp/stompjs';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../../test/helpers/client.ts';
import { createTestStore, ENGINES } from '../../../test/helpers/database.ts';
import { PASSWORD, seedCompany } from '../../../test/helpers/server.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { AlarmBody } from '../../contract/alarms.ts';
import type { ConsoleRow } from '../../contract/index.ts';
import { seedDemo } from '../../demo/seed.ts';
import { gatewayModule } from '../../gateway/module.ts';
import { TestTerminal } from '../../gateway/testing/terminal.ts';
import { ingestModule } from '../../ingest/module.ts';
import '../../lines/demo-register.ts';
import { transitDb } from '../../lines/schema.ts';
import { liveModule } from '../../live/module.ts';
import { collect, mustConnect, sleep } from '../../live/testing/stomp-client.ts';
import type { PlatformModule } from '../../platform.ts';
import type { Engine, Store } from '../../store/db.ts';
import type { RaisedAlarm } from '../body.ts';
import { alarmsDb } from '../schema.ts';
import { dsmItem } from './testing/items.ts';

// Device to dispatcher for alarms: real JT/T 808 frames over the gateway's TCP port → ingest → detection → the
// alarms table → `alarm` on STOMP (real @stomp/stompjs clients, scoped by console, never another company) and the
// listeners of app.alarms; then a restart that must neither repeat nor forget an open alarm.

const quiet = pino({ level: 'silent' });

interface Running {
  app: FastifyInstance;
  port: number;
  raised: RaisedAlarm[];
  stop(): Promise<void>;
}

async function startPlatformOn(store: Store): Promise<Running> {
  const app = await buildApp({ db: store.db, auth: { loginAttemptsPerMinute: 100_000 } });
  const raised: RaisedAlarm[] = [];
  app.alarms.onRaised((alarms) => raised.push(...alarms));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', HEADWAY_DEMO: '0' });
  const modules: PlatformModule[] = [
    gatewayModule({ host: '127.0.0.1', port: 0, mediaPort: 0, attachmentPort: 0 }),
    liveModule,
    // The offline sweep is driven by the test.
    ingestModule({ stateFlushMs: 200, alarms: { sweepMs: 3_600_000 } }),
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
    raised,
    port: typeof address === 'object' && address ? address.port : 0,
    async stop() {
      await app.close();
      for (const s of stops.reverse()) await s();
    },
  };
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

interface Bus {
  carId: number;
  imei: string;
  phone: string;
  lineId: number;
  lat: number;
  lng: number;
}

describe.each(ENGINES)('alarms through the ingest on %s', (engine: Engine) => {
  let store: Store;
  let drop: () => Promise<void>;
  let companyId: number;
  let otherCompanyId: number;
  let otherAdmin: string;
  let a: Bus;
  let b: Bus;
  let platform: Running;
  const clients: Client[] = [];
  const terminals: TestTerminal[] = [];
  let clock = Math.floor(Date.now() / 1000) - 600;

  beforeAll(async () => {
    ({ store, drop } = await createTestStore(engine));
    companyId = (await seedDemo(store.db, { password: PASSWORD })).companyId;
    otherAdmin = `other-alarms-${engine}`;
    otherCompanyId = (await seedCompany(store, 'Other Transit', otherAdmin)).companyId;
    const rows = await transitDb(store.db)
      .selectFrom('vehicles as v')
      .innerJoin('devices as d', 'd.id', 'v.device_id')
      .innerJoin('lines as l', 'l.id', 'v.line_id')
      .innerJoin('line_stations as s', (j) =>
        j.onRef('s.line_id', '=', 'l.id').on('s.direction', '=', 1).on('s.serial', '=', 1),
      )
      .select(['v.id', 'v.imei', 'd.terminal_phone', 'l.id as line_id', 's.lat', 's.lng'])
      .where('v.company_id', '=', companyId)
      .orderBy('v.id')
      .execute();
    const bus = (r: (typeof rows)[number]): Bus => ({
      carId: r.id,
      imei: r.imei,
      phone: r.terminal_phone,
      lineId: r.line_id,
      lat: r.lat,
      lng: r.lng,
    });
    const first = rows[0];
    const other = rows.find((r) => r.line_id !== first?.line_id);
    if (!first || !other) throw new Error('the demo needs two vehicles on two lines');
    a = bus(first);
    b = bus(other);
    // Vehicle A's own over-speed limit (the company default is 60 km/h).
    await transitDb(store.db).updateTable('vehicles').set({ speed_limit: 40 }).where('id', '=', a.carId).execute();
    // Vehicle B has none of its own: its line's 30 km/h applies.
    await transitDb(store.db).updateTable('lines').set({ speed_limit: 30 }).where('id', '=', b.lineId).execute();
    platform = await startPlatformOn(store);
  }, 120_000);

  afterAll(async () => {
    for (const t of terminals) t.close();
    for (const c of clients) await c.deactivate({ force: true });
    await platform?.stop();
    await drop?.();
  });

  async function login(account: string): Promise<HeadwayClient> {
    const client = new HeadwayClient(`http://127.0.0.1:${platform.port}`);
    const reply = await client.login(account, PASSWORD);
    if (reply.code !== 0) throw new Error(`login ${account}: ${reply.code}`);
    return client;
  }

  async function listen(user: HeadwayClient, company: number) {
    const stomp = await mustConnect(`ws://127.0.0.1:${platform.port}/dispatch/websocket`, user.token);
    clients.push(stomp);
    const topic = collect(stomp, `/topic/notify.${company}`);
    // SUBSCRIBE is not acknowledged; a first published frame tells it is in place.
    await sleep(50);
    return {
      alarms: (): AlarmBody[] =>
        (topic.bodies() as { cmd: string; data: AlarmBody[] }[])
          .filter((e) => e.cmd === 'alarm')
          .flatMap((e) => e.data),
    };
  }

  async function online(bus: Bus): Promise<TestTerminal> {
    const gateway = platform.app.gateway;
    if (!gateway) throw new Error('no gateway');
    const terminal = await TestTerminal.connect(gateway.ports.jt808, bus.phone);
    terminals.push(terminal);
    const registered = await terminal.register();
    expect(await terminal.authenticate(registered.token ?? '')).toBe(0);
    return terminal;
  }

  function fix(
    bus: Bus,
    time: number,
    o: { warning?: number; speed?: number; items?: LocationItem[] } = {},
  ): LocationReport {
    return makeLocation({
      lat: bus.lat,
      lng: bus.lng,
      speedKmh: o.speed ?? 20,
      direction: 90,
      time: epochToLocalTime(time, 480),
      status: 0x3,
      alarmFlags: o.warning ?? 0,
      items: [{ id: 0x31, satellites: 11 }, ...(o.items ?? [])],
    });
  }

  async function report(t: TestTerminal, bus: Bus, o: Parameters<typeof fix>[2] = {}): Promise<number> {
    clock += 5;
    await t.ackOf(t.send({ msgId: 0x0200, body: fix(bus, clock, o) }));
    return clock;
  }

  const rowsOf = (carId: number) =>
    alarmsDb(store.db).selectFrom('alarms').selectAll().where('car_id', '=', carId).orderBy('id').execute();

  /** Waits until the ingest has processed what was acked and the alarm writer committed it. */
  async function settled(processed: number): Promise<void> {
    const ingest = platform.app.ingest;
    await until(() => ((ingest?.stats.processed ?? 0) >= processed ? true : undefined));
    await ingest?.alarms?.writer.flush();
  }

  it('stores a rising SOS once, pushes it at once to the right consoles only, and ends it when the bit falls', async () => {
    const admin = await login('admin');
    const dispatcher = await login('dispatcher');
    const created = await admin.post<ConsoleRow>('/owner/console', {
      console_name: 'Line A desk',
      route_ids: [a.lineId],
      user_ids: [dispatcher.user?.user_id],
    });
    expect(created.code).toBe(0);
    const whole = await listen(admin, companyId);
    const scoped = await listen(dispatcher, companyId);
    const other = await listen(await login(otherAdmin), otherCompanyId);

    const ta = await online(a);
    const tb = await online(b);
    const before = platform.app.ingest?.stats.processed ?? 0;
    await report(ta, a);
    const raisedAt = await report(ta, a, { warning: WarningMask.sos });
    await report(ta, a, { warning: WarningMask.sos });
    await report(tb, b, { warning: WarningMask.sos });

    const pushed = await until(() => {
      const got = whole.alarms();
      return got.length >= 2 ? got : undefined;
    });
    expect(pushed.map((x) => x.imei).sort()).toEqual([a.imei, b.imei].sort());
    const sosA = pushed.find((x) => x.imei === a.imei) as AlarmBody;
    expect(sosA).toMatchObject({
      car_id: a.carId,
      platform_alarm_id: 1,
      alarm_type: 0,
      alarm_level: 3,
      device_type: 'GPS',
      event_time: raisedAt,
      end_time: null,
    });
    // A marker sent after everything: frames reach a socket in order, so what was not there before it never comes.
    platform.app.live?.publishAlarms(companyId, [{ ...sosA, id: -1 }]);
    platform.app.live?.publishAlarms(otherCompanyId, [{ ...sosA, id: -1 }]);
    await until(() => (scoped.alarms().some((x) => x.id === -1) ? true : undefined));
    await until(() => (other.alarms().some((x) => x.id === -1) ? true : undefined));
    expect(scoped.alarms().map((x) => [x.imei, x.id])).toEqual([
      [a.imei, sosA.id],
      [a.imei, -1],
    ]);
    expect(other.alarms().map((x) => x.id)).toEqual([-1]);

    await settled(before + 4);
    const stored = await rowsOf(a.carId);
    expect(stored).toHaveLength(1);
    expect(Number(stored[0]?.id)).toBe(sosA.id);
    expect(stored[0]).toMatchObject({ company_id: companyId, terminal_phone: a.phone, imei: a.imei, end_time: null });
    expect(platform.raised.find((r) => r.body.id === sosA.id)).toMatchObject({ companyId, terminalPhone: a.phone });

    const clearedAt = await report(ta, a);
    await settled(before + 5);
    await until(async () => ((await rowsOf(a.carId))[0]?.end_time === clearedAt ? true : undefined));
    expect(await rowsOf(a.carId)).toHaveLength(1);
    await report(tb, b);
  }, 60_000);

  it('stores a DSM alarm with its identification once, even when the report is resent in a blind-area batch', async () => {
    const ta = await online(a);
    const before = platform.app.ingest?.stats.processed ?? 0;
    clock += 5;
    const at = clock;
    const item = dsmItem({
      alarmId: 21,
      flag: 0,
      type: 2,
      level: 2,
      time: at,
      ident: { terminalId: 'HW00001', seq: 1, attachments: 3 },
    });
    await ta.ackOf(ta.send({ msgId: 0x0200, body: fix(a, at, { items: [item] }) }));
    await report(ta, a);
    // The terminal resends the alarm report and an older one with SOS set, as a 0x0704 blind-area batch.
    const resent = [fix(a, at - 3, { warning: WarningMask.sos }), fix(a, at, { items: [item] })];
    await ta.ackOf(ta.send({ msgId: 0x0704, body: { type: 1, locations: resent } }));
    await settled(before + 4);

    const dsm = (await rowsOf(a.carId)).filter((r) => r.device_type === 'DSM');
    expect(dsm).toHaveLength(1);
    const bcd = epochToLocalTime(at, 480).replace(/[-T:]/g, '').slice(2);
    expect(dsm[0]).toMatchObject({
      alarm_key: `HW00001_${bcd}_1`,
      alarm_type: 2,
      alarm_level: 2,
      platform_alarm_id: safetyAlarmCode(0x65, 2),
      device_alarm_id: 21,
      attached_count: 3,
      event_time: at,
      end_time: at,
    });
    expect(JSON.parse(dsm[0]?.attached ?? '{}').ident).toMatchObject({ terminalId: 'HW00001', time: bcd, seq: 1 });
    const raised = platform.raised.find((r) => r.body.id === Number(dsm[0]?.id));
    expect(raised?.ident).toMatchObject({ terminalId: 'HW00001', seq: 1, attachmentCount: 3 });
    // The resent older SOS made no edge.
    expect((await rowsOf(a.carId)).filter((r) => r.platform_alarm_id === 1)).toHaveLength(1);
  }, 30_000);

  it("raises over-speed by the vehicle's (else its line's) limit held for 10 s, and offline from the sweep", async () => {
    const ta = await online(a);
    const before = platform.app.ingest?.stats.processed ?? 0;
    await report(ta, a, { speed: 38 });
    const over = await report(ta, a, { speed: 52 });
    await report(ta, a, { speed: 55 });
    await report(ta, a, { speed: 58 });
    const slow = await report(ta, a, { speed: 30 });
    await settled(before + 5);
    const speeding = (await rowsOf(a.carId)).filter((r) => r.platform_alarm_id === PlatformAlarmCode.overSpeed);
    expect(speeding).toHaveLength(1);
    expect(speeding[0]).toMatchObject({ device_type: 'PLATFORM', event_time: over, end_time: slow, speed: 58 });

    const tb = await online(b);
    const bOver = await report(tb, b, { speed: 35 });
    await report(tb, b, { speed: 36 });
    await report(tb, b, { speed: 35 });
    await settled(before + 8);
    const lineLimit = (await rowsOf(b.carId)).filter((r) => r.platform_alarm_id === PlatformAlarmCode.overSpeed);
    expect(lineLimit.map((r) => [r.event_time, JSON.parse(r.attached).limit])).toEqual([[bOver, 30]]);

    const detection = platform.app.ingest?.alarms;
    detection?.detector.sweep(Math.floor(Date.now() / 1000) + 31 * 60);
    await detection?.writer.flush();
    const offline = (await rowsOf(a.carId)).filter((r) => r.platform_alarm_id === PlatformAlarmCode.offline);
    expect(offline).toHaveLength(1);
    expect(offline[0]?.end_time).toBeNull();
    expect(platform.raised.some((r) => r.body.id === Number(offline[0]?.id))).toBe(true);
    await report(ta, a);
    await settled(before + 9);
    const back = (await rowsOf(a.carId)).find((r) => r.platform_alarm_id === PlatformAlarmCode.offline);
    expect(back?.end_time).toBeGreaterThan(0);
  }, 30_000);

  it('takes open alarms back after a restart: no second alarm for a bit still set, and it ends when the bit falls', async () => {
    let ta = await online(a);
    await report(ta, a, { warning: WarningMask.sos | WarningMask.powerCut });
    const open = await until(async () => {
      const rows = (await rowsOf(a.carId)).filter((r) => r.end_time === null && r.device_type === 'GPS');
      return rows.length === 2 ? rows : undefined;
    });
    const count = (await rowsOf(a.carId)).length;

    for (const t of terminals.splice(0)) t.close();
    await platform.stop();
    platform = await startPlatformOn(store);
    expect(platform.app.ingest?.alarms?.detector.terminals).toBeGreaterThan(0);

    ta = await online(a);
    await report(ta, a, { warning: WarningMask.sos | WarningMask.powerCut });
    const powerBack = await report(ta, a, { warning: WarningMask.sos });
    const ended = await report(ta, a);
    await settled(3);
    const rows = await rowsOf(a.carId);
    expect(rows).toHaveLength(count);
    const again = open.map((o) => rows.find((r) => r.id === o.id));
    expect(again.map((r) => [r?.platform_alarm_id, r?.end_time])).toEqual([
      [1105, powerBack],
      [1, ended],
    ]);
    expect(platform.raised).toHaveLength(0);
  }, 60_000);
});
