import { dirname } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../test/helpers/client.ts';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany } from '../../test/helpers/server.ts';
import { loadConfig } from '../config.ts';
import type { VehicleLiveResult } from '../contract/vehicles.ts';
import { gatewayModule } from '../gateway/module.ts';
import { busFix, seedDevices } from '../gateway/testing/fixture.ts';
import { TestTerminal } from '../gateway/testing/terminal.ts';
import { ingestModule } from '../ingest/module.ts';
import { type RunningPlatform, startPlatform } from '../platform.ts';
import { trackDb } from '../tracks/schema.ts';
import { liveModule } from './module.ts';
import type { RealData } from './real-data.ts';
import { NATS_TEST_URL, requireNats } from './testing/nats.ts';
import { collect, mustConnect, sleep } from './testing/stomp-client.ts';

// Two platform nodes on one database and one NATS server, as deployed for more terminals than one process holds:
// node A serves the API and the consoles (HEADWAY_ROLES=api), node B holds terminals (gateway,ingest). A terminal
// reporting to B reaches a console connected to A, and A's REST full refresh shows it.

const PHONE = '013912345678';

describe.each(ENGINES)('two nodes over NATS (%s)', (engine) => {
  let db: TestStore;
  let nodeA: RunningPlatform;
  let nodeB: RunningPlatform;
  let companyId: number;

  beforeAll(async () => {
    const prefix = await requireNats();
    db = await createTestStore(engine);
    const where =
      'databaseUrl' in db.location
        ? { DATABASE_URL: db.location.databaseUrl, HEADWAY_DATA_DIR: '/nonexistent-unused' }
        : { HEADWAY_DATA_DIR: dirname(db.location.sqliteFile) };
    const env = (extra: Record<string, string>) =>
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        HEADWAY_NATS_URL: NATS_TEST_URL,
        HEADWAY_NATS_SUBJECT: prefix,
        HEADWAY_DEMO: '0',
        LOG_LEVEL: 'silent',
        ...where,
        ...extra,
      });
    const logger = pino({ level: 'silent' });
    const modules = () => [
      gatewayModule({ host: '127.0.0.1', port: 0, mediaPort: 0, attachmentPort: 0 }),
      liveModule,
      ingestModule(),
    ];
    nodeA = await startPlatform(env({ HEADWAY_ROLES: 'api', HEADWAY_NODE_ID: 'node-a' }), modules(), logger);
    nodeB = await startPlatform(env({ HEADWAY_ROLES: 'gateway,ingest', HEADWAY_NODE_ID: 'node-b' }), modules(), logger);
    ({ companyId } = await seedCompany(db.store, 'Multi Node Transit', 'mnadmin'));
    const { deviceIds, vehicleId } = await seedDevices(db.store, [PHONE], { plate: 'MN-1' });
    const tdb = trackDb(db.store.db);
    await tdb.updateTable('devices').set({ company_id: companyId }).where('id', 'in', deviceIds).execute();
    await tdb
      .updateTable('vehicles')
      .set({ company_id: companyId, imei: PHONE })
      .where('id', '=', vehicleId ?? 0)
      .execute();
    // Two platforms: slower than the default hook timeout on a busy machine.
  }, 60_000);
  afterAll(async () => {
    await nodeB?.stop();
    await nodeA?.stop();
    await db?.drop();
  });

  it('runs each node with its roles only', async () => {
    // A: API + consoles, no terminals. B: terminals, no API (its app carries only the gateway metrics route).
    expect(nodeA.app.hasRoute({ method: 'GET', url: '/dispatch/websocket' })).toBe(true);
    expect(nodeB.app.hasRoute({ method: 'GET', url: '/dispatch/websocket' })).toBe(false);
    expect((await fetch(`${nodeB.url}/api/login`, { method: 'POST' })).status).toBe(404);
    expect(nodeA.app.gateway).toBeUndefined();
    expect(nodeB.app.gateway?.options.nodeId).toBe('node-b');
    expect(nodeB.app.ingest).toBeDefined();
  });

  it('delivers a report made to node B to a console on node A, and A’s full refresh shows it', async () => {
    const user = new HeadwayClient(nodeA.url);
    const login = await user.login('mnadmin', PASSWORD);
    expect(login.code).toBe(0);
    const client = await mustConnect(`${nodeA.url.replace(/^http/, 'ws')}/dispatch/websocket`, user.token);
    const gps = collect(client, `/topic/notify.${companyId}`);
    await sleep(100);

    const gateway = nodeB.app.gateway;
    if (!gateway) throw new Error('node B has no gateway');
    const terminal = await TestTerminal.connect(gateway.ports.jt808, PHONE);
    const registered = await terminal.register('MN-1');
    expect(await terminal.authenticate(registered.token ?? '')).toBe(0);
    const now = Math.floor(Date.now() / 1000);
    await terminal.ackOf(terminal.send({ msgId: 0x0200, body: busFix(now) }));

    const mine = () =>
      (gps.bodies() as { cmd: string; data: RealData[] }[]).flatMap((e) =>
        e.cmd === 'gps' ? e.data.filter((d) => d.imei === PHONE) : [],
      );
    const end = Date.now() + 5000;
    while (mine().length === 0 && Date.now() < end) await sleep(20);
    expect(mine()[0]).toMatchObject({ imei: PHONE, et: now, v: 32.5 });
    // Exactly once: the batch came over NATS, and node A published nothing of its own.
    await sleep(1500);
    expect(mine()).toHaveLength(1);

    // Node A never saw the report locally; its latest map was fed from the bus.
    expect(nodeA.app.live?.latestPosition(companyId, PHONE)).toMatchObject({ et: now });
    const real = await user.get<VehicleLiveResult>('/basic/cars/real');
    expect(real.code).toBe(0);
    const row = real.result.rows.find((r) => r.lpn === 'MN-1');
    expect(row?.online).toBe(1);
    expect(row?.real_data).toMatchObject({ et: now, v: 32.5 });
    expect(row?.real_data?.lat).toBeCloseTo(22.543, 5);

    const device = await trackDb(db.store.db)
      .selectFrom('devices')
      .select(['online', 'gateway_node'])
      .where('terminal_phone', '=', PHONE)
      .executeTakeFirstOrThrow();
    expect(device).toEqual({ online: 1, gateway_node: 'node-b' });

    terminal.close();
    await client.deactivate();
  });
});
