import { epochToLocalTime, makeLocation } from '@headway/protocol';
import { bearing, cumulativeMetres, type PathPoint } from '@headway/spec';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../../test/helpers/client.ts';
import { createTestStore, ENGINES } from '../../../test/helpers/database.ts';
import { PASSWORD, seedCompany } from '../../../test/helpers/server.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { RouteDetail } from '../../contract/index.ts';
import { gatewayModule } from '../../gateway/module.ts';
import { TestTerminal } from '../../gateway/testing/terminal.ts';
import { startDirectorySignal } from '../../ingest/directory-signal.ts';
import { ingestModule } from '../../ingest/module.ts';
import { liveModule } from '../../live/module.ts';
import { sleep } from '../../live/testing/stomp-client.ts';
import type { PlatformModule } from '../../platform.ts';
import type { Engine, Store } from '../../store/db.ts';
import { transitDb } from '../schema.ts';
import { EAST, twoWayLine } from './testing/drawn-line.ts';

// A line drawn in the console is followed by the ingest at once: a vehicle bound to a line that has no geometry
// yet reports over a real JT/T 808 TCP session after the line's directions are saved through PUT /basic/routes,
// and its live state carries route progress on that line — with the ingest's timed refresh an hour away, only the
// directory signal the API sends can have told it.

const quiet = pino({ level: 'silent' });
const PHONE = '013800001401';

async function until<T>(probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}

/** Fixes every ~40 m along the path, 8 s apart at 18 km/h. */
function fixesAlong(path: PathPoint[], start: number) {
  const cum = cumulativeMetres(path);
  const total = cum.at(-1) ?? 0;
  const out = [];
  for (let s = 0, t = start; s <= total; s += 40, t += 8) {
    let i = 0;
    while (i < path.length - 2 && (cum[i + 1] ?? 0) < s) i++;
    const a = path[i] as PathPoint;
    const b = path[i + 1] as PathPoint;
    const f = ((s - (cum[i] ?? 0)) / ((cum[i + 1] ?? 0) - (cum[i] ?? 0) || 1)) as number;
    out.push({ lat: a[0] + (b[0] - a[0]) * f, lng: a[1] + (b[1] - a[1]) * f, azimuth: bearing(a, b), time: t });
  }
  return out;
}

describe.each(ENGINES)('the ingest follows a line saved through the API, on %s', (engine: Engine) => {
  let store: Store;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let stops: (() => Promise<void>)[] = [];
  let admin: HeadwayClient;
  let lineId: number;
  let companyId: number;

  beforeAll(async () => {
    ({ store, drop } = await createTestStore(engine));
    ({ companyId } = await seedCompany(store, 'Fresh Lines', 'fresh-admin'));
    app = await buildApp({ db: store.db, auth: { loginAttemptsPerMinute: 100_000 } });
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', HEADWAY_DEMO: '0' });
    const signal = startDirectorySignal(app, { logger: quiet, listen: false });
    stops = [async () => signal.stop()];
    const modules: PlatformModule[] = [
      gatewayModule({ host: '127.0.0.1', port: 0, mediaPort: 0, attachmentPort: 0 }),
      liveModule,
      ingestModule({ stateFlushMs: 500, eventFlushMs: 100, refreshMs: 3_600_000 }),
    ];
    for (const m of modules) {
      const handle = await m.start({ config, store, app, logger: quiet });
      if (handle) stops.push(() => handle.stop());
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    admin = new HeadwayClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    expect((await admin.login('fresh-admin', PASSWORD)).code).toBe(0);

    // The line's record first (as the line list creates it), then a device and a vehicle bound to it.
    const created = await admin.post<RouteDetail>('/basic/routes', {
      route_code: 'N1',
      route_name: 'New line',
      category: 0,
    });
    expect(created.code).toBe(0);
    lineId = created.result.id;
    const tdb = transitDb(store.db);
    const now = Math.floor(Date.now() / 1000);
    const device = await tdb
      .insertInto('devices')
      .values({
        company_id: companyId,
        terminal_phone: PHONE,
        imei: 'IMEI-N1',
        protocol_version: '2013',
        device_type: '',
        sim: '',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tdb
      .insertInto('vehicles')
      .values({
        company_id: companyId,
        car_name: 'N1-01',
        lpn: '',
        imei: 'IMEI-N1',
        channel: '',
        line_id: lineId,
        fleet_id: null,
        device_id: device.id,
        created_at: now,
      })
      .execute();
    await app.ingest?.refreshDirectory();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    for (const stop of stops.reverse()) await stop();
    await drop?.();
  });

  it('gives route progress on the drawn line to a terminal reporting along it', async () => {
    const saved = await admin.put<RouteDetail>('/basic/routes', {
      id: lineId,
      route_code: 'N1',
      route_name: 'New line',
      category: 0,
      directions: twoWayLine(),
    });
    expect(saved.code, JSON.stringify(saved.result)).toBe(0);

    const gateway = app.gateway;
    if (!gateway) throw new Error('no gateway');
    const terminal = await TestTerminal.connect(gateway.ports.jt808, PHONE);
    const registered = await terminal.register();
    expect(await terminal.authenticate(registered.token ?? '')).toBe(0);
    const fixes = fixesAlong(EAST, Math.floor(Date.now() / 1000) - 600);
    for (const f of fixes) {
      const body = makeLocation({
        lat: f.lat,
        lng: f.lng,
        speedKmh: 18,
        altitude: 5,
        direction: f.azimuth,
        time: epochToLocalTime(f.time, 480),
        status: 0x3,
      });
      await terminal.ackOf(terminal.send({ msgId: 0x0200, body }));
    }
    terminal.close();

    const last = fixes.at(-1)?.time;
    // The live module's latest state of the vehicle (what the map and STOMP carry).
    const live = await until(async () => {
      const data = app.live?.latestPositions(companyId).find((d) => d.imei === 'IMEI-N1');
      return data && data.et === last && data.route ? data : undefined;
    });
    expect(live.route).toMatchObject({ code: 'N1', dir: 1 });
    expect(live.route?.sn).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
