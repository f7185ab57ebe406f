import { dirname } from 'node:path';
import { epochToLocalTime, makeLocation } from '@headway/protocol';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../test/helpers/client.ts';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany } from '../../test/helpers/server.ts';
import { commandsModule } from '../commands/module.ts';
import { loadConfig } from '../config.ts';
import type { DeviceRecord, VehicleRecord } from '../contract/index.ts';
import { gatewayModule } from '../gateway/module.ts';
import { TestTerminal } from '../gateway/testing/terminal.ts';
import { ingestModule } from '../ingest/module.ts';
import { liveModule } from '../live/module.ts';
import type { RealData } from '../live/real-data.ts';
import { type RunningPlatform, startPlatform } from '../platform.ts';
import { seedDrawnLine } from './testing.ts';

// The fleet's records reach the device side at once (issue 14): a terminal whose device was made through the API a
// moment before registers over real TCP with a real 0x0100 and is accepted, its reports show as the vehicle
// bound by IMEI; a vehicle moved to another line through PUT /basic/cars is followed by the ingest without waiting
// for its timed refresh (set to ten minutes here, so only the change signal can explain the switch).

const PHONE = '013877770001';
const IMEI = '861877770000001';

/** A fix `f` of the way along seedDrawnLine's direction 1 (south-west to north-east), heading along it. */
function alongLine(epoch: number, f: number) {
  return makeLocation({
    lat: 22.54 + 0.01 * f,
    lng: 114.054 + 0.01 * f,
    speedKmh: 30,
    altitude: 12,
    direction: 42,
    time: epochToLocalTime(epoch, 480),
    status: 0x3,
    items: [{ id: 0x31, satellites: 11 }],
  });
}

async function until<T>(probe: () => Promise<T | undefined>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(ENGINES)('a device and vehicle made in the console reach the gateway and ingest (%s)', (engine) => {
  let db: TestStore;
  let platform: RunningPlatform;
  let admin: HeadwayClient;
  let companyId: number;
  let lineA: number;
  let lineB: number;
  let terminal: TestTerminal | undefined;

  beforeAll(async () => {
    db = await createTestStore(engine);
    const where =
      'databaseUrl' in db.location
        ? { DATABASE_URL: db.location.databaseUrl, HEADWAY_DATA_DIR: '/nonexistent-unused' }
        : { HEADWAY_DATA_DIR: dirname(db.location.sqliteFile) };
    // Lines are drawn before the platform starts: the ingest loads them at start (the line editor's own signal is
    // the lines issue's); what this suite watches is the vehicles' binding.
    ({ companyId } = await seedCompany(db.store, `Console Fleet ${engine}`, `console-fleet-${engine}`));
    lineA = await seedDrawnLine(db.store.db, companyId, 'LA');
    lineB = await seedDrawnLine(db.store.db, companyId, 'LB');
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', HEADWAY_DEMO: '0', LOG_LEVEL: 'silent', ...where });
    platform = await startPlatform(
      config,
      [
        gatewayModule({ host: '127.0.0.1', port: 0, mediaPort: 0, attachmentPort: 0 }),
        commandsModule(),
        liveModule,
        ingestModule({ refreshMs: 600_000 }),
      ],
      pino({ level: 'silent' }),
    );
    admin = new HeadwayClient(platform.url);
    const login = await admin.login(`console-fleet-${engine}`, PASSWORD);
    expect(login.code).toBe(0);
  }, 60_000);
  afterAll(async () => {
    terminal?.close();
    await platform?.stop();
    await db?.drop();
  });

  it('accepts the terminal of a device made just before, as the vehicle bound by IMEI, and follows a new line at once', async () => {
    const device = await admin.post<DeviceRecord>('/basic/devices', {
      imei: IMEI,
      terminal_phone: PHONE,
      protocol_version: '2013',
    });
    expect(device.code).toBe(0);
    const vehicle = await admin.post<VehicleRecord>('/basic/cars', {
      car_name: 'Console bus',
      lpn: 'CON-1',
      imei: IMEI,
      route_id: lineA,
    });
    expect(vehicle.code, JSON.stringify(vehicle.result)).toBe(0);

    const gateway = platform.app.gateway;
    const live = platform.app.live;
    if (!gateway || !live) throw new Error('platform without gateway or live channel');
    const t = await TestTerminal.connect(gateway.ports.jt808, PHONE);
    terminal = t;
    const registered = await t.register('CON-1');
    expect(registered.result).toBe(0);
    expect(await t.authenticate(registered.token ?? '')).toBe(0);

    let et = Math.floor(Date.now() / 1000) - 300;
    let i = 0;
    const report = async () => {
      et += 2;
      await t.ackOf(t.send({ msgId: 0x0200, body: alongLine(et, 0.05 + (i++ % 80) * 0.01) }));
    };
    const onLine = (code: string) =>
      until<RealData>(async () => {
        await report();
        const data = live.latestPosition(companyId, IMEI);
        return data?.route?.code === code ? data : undefined;
      });
    const first = await onLine('LA');
    expect(first.imei).toBe(IMEI);

    const moved = await admin.put<VehicleRecord>('/basic/cars', {
      car_id: vehicle.result.car_id,
      car_name: 'Console bus',
      lpn: 'CON-1',
      imei: IMEI,
      route_id: lineB,
    });
    expect(moved.code).toBe(0);
    // The timed refresh is ten minutes away: only the change signal can bring the new line within `until`.
    const second = await onLine('LB');
    expect(second.imei).toBe(IMEI);
  }, 60_000);
});
