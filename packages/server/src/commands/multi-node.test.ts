import { dirname } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../test/helpers/client.ts';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany } from '../../test/helpers/server.ts';
import { loadConfig } from '../config.ts';
import type { ParamQueryResult } from '../contract/commands.ts';
import { gatewayModule } from '../gateway/module.ts';
import { busFix, seedDevices } from '../gateway/testing/fixture.ts';
import { TestTerminal } from '../gateway/testing/terminal.ts';
import { ingestModule } from '../ingest/module.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { liveModule } from '../live/module.ts';
import { NATS_TEST_URL, requireNats } from '../live/testing/nats.ts';
import { type RunningPlatform, startPlatform } from '../platform.ts';
import { trackDb } from '../tracks/schema.ts';
import { commandsModule } from './module.ts';
import { REQUEST_MARGIN_MS } from './nats-router.ts';
import type { CommandRouter } from './router.ts';

// Two platform nodes on one database and one NATS server: A serves the API only (no gateway), B holds the
// terminals (gateway, ingest). A command issued on A reaches a terminal connected to B and its reply comes back;
// offline and silent terminals fail with 1101; a directory change announced on A reloads B's ingest at once.

const ANSWERING = '013912340001';
const SILENT = '013912340002';
const NEVER_CONNECTED = '013912340003';
/** Recorded online on a node that is not running (it died before marking its terminals offline). */
const ORPHANED = '013912340004';

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function failure(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const start = performance.now();
  try {
    await promise;
  } catch (error) {
    return { error, ms: performance.now() - start };
  }
  throw new Error('expected the command to fail');
}

describe.each(ENGINES)('commands across two nodes over NATS (%s)', (engine) => {
  let db: TestStore;
  let nodeA: RunningPlatform;
  let nodeB: RunningPlatform;
  let companyId: number;
  let deviceIds: number[];
  const terminals: TestTerminal[] = [];

  const routerOf = (node: RunningPlatform): CommandRouter => {
    const router = node.app.commandRouter;
    if (!router) throw new Error('no command router');
    return router;
  };

  async function connect(phone: string, plate = ''): Promise<TestTerminal> {
    const gateway = nodeB.app.gateway;
    if (!gateway) throw new Error('node B has no gateway');
    const terminal = await TestTerminal.connect(gateway.ports.jt808, phone);
    terminals.push(terminal);
    const { token } = await terminal.register(plate);
    expect(await terminal.authenticate(token ?? '')).toBe(0);
    // A learns of the session through the database (gateway/devices.ts setPresence).
    await until(async () => ((await routerOf(nodeA).isOnline(phone)) ? true : undefined));
    return terminal;
  }

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
      commandsModule(),
      liveModule,
      // The timed refresh far away: only the signal can explain a reload within the test.
      ingestModule({ refreshMs: 600_000 }),
    ];
    nodeA = await startPlatform(env({ HEADWAY_ROLES: 'api', HEADWAY_NODE_ID: 'node-a' }), modules(), logger);
    nodeB = await startPlatform(
      env({ HEADWAY_ROLES: 'gateway,ingest', HEADWAY_NODE_ID: 'node-b.example.org:7611' }),
      modules(),
      logger,
    );
    ({ companyId, deviceIds } = await seedDevices(db.store, [ANSWERING, SILENT, NEVER_CONNECTED, ORPHANED], {
      plate: 'CMD-1',
    }));
    await trackDb(db.store.db)
      .updateTable('devices')
      .set({ online: 1, gateway_node: 'node-gone' })
      .where('terminal_phone', '=', ORPHANED)
      .execute();
  }, 60_000);
  afterAll(async () => {
    for (const t of terminals) t.close();
    await nodeB?.stop();
    await nodeA?.stop();
    await db?.drop();
  });

  it('sends a command from the API node to a terminal on the gateway node and returns its reply', async () => {
    expect(nodeA.app.gateway).toBeUndefined();
    const terminal = await connect(ANSWERING, 'CMD-1');
    terminal.onMessage = (m) => {
      if (m.msgId !== 0x8104) return;
      terminal.send({
        msgId: 0x0104,
        body: {
          replyFlowId: m.header.flowId,
          paramCount: 3,
          params: [
            { id: 0x0001, value: 30 },
            { id: 0x0013, value: '10.0.0.7' },
            { id: 0xf0f0, value: new Uint8Array([1, 2, 250]) },
          ],
        },
      });
    };

    const reply = await routerOf(nodeA).send(ANSWERING, { msgId: 0x8104, body: {} });
    expect(reply.msgId).toBe(0x0104);
    expect(reply.header.phone).toBe(ANSWERING);
    if (reply.msgId !== 0x0104) throw new Error('unreachable');
    expect(reply.body.params).toEqual([
      { id: 0x0001, value: 30 },
      { id: 0x0013, value: '10.0.0.7' },
      // Bytes survive the trip through NATS as bytes.
      { id: 0xf0f0, value: new Uint8Array([1, 2, 250]) },
    ]);

    // The phone without its leading zero finds the same terminal; so does node B's own router, locally.
    const again = await routerOf(nodeA).send(ANSWERING.replace(/^0+/, ''), { msgId: 0x8104, body: {} });
    expect(again.msgId).toBe(0x0104);
    expect((await routerOf(nodeB).send(ANSWERING, { msgId: 0x8104, body: {} })).msgId).toBe(0x0104);
  });

  it('answers 1101 at once for an offline terminal and for one held by a node that is gone', async () => {
    expect(await routerOf(nodeA).isOnline(NEVER_CONNECTED)).toBe(false);
    const offline = await failure(routerOf(nodeA).send(NEVER_CONNECTED, { msgId: 0x8104, body: {} }));
    expect(offline.error).toBeInstanceOf(ApiError);
    expect((offline.error as ApiError).code).toBe(ErrorCode.processing);
    expect(offline.ms).toBeLessThan(200);

    // NATS says "no responders" at once; the caller does not wait for the timeout.
    expect(await routerOf(nodeA).isOnline(ORPHANED)).toBe(true);
    const orphaned = await failure(routerOf(nodeA).send(ORPHANED, { msgId: 0x8104, body: {} }));
    expect((orphaned.error as ApiError).code).toBe(ErrorCode.processing);
    expect(orphaned.ms).toBeLessThan(200);
  });

  it('answers 1101 after the timeout for a terminal that never replies', async () => {
    await connect(SILENT);
    const silent = await failure(routerOf(nodeA).send(SILENT, { msgId: 0x8104, body: {} }, { timeoutMs: 300 }));
    expect(silent.error).toBeInstanceOf(ApiError);
    expect((silent.error as ApiError).code).toBe(ErrorCode.processing);
    // The holding node's own timeout answered, not the request's (which is REQUEST_MARGIN_MS later).
    expect(silent.ms).toBeGreaterThanOrEqual(290);
    expect(silent.ms).toBeLessThan(300 + REQUEST_MARGIN_MS);
    expect(nodeB.app.gateway?.metrics.commandsTimedOut).toBeGreaterThanOrEqual(1);
  });

  it('reloads the gateway node’s vehicles at once when the API node announces a change', async () => {
    const announce = nodeA.app.announceDirectoryChange;
    if (!announce) throw new Error('node A has no directory signal');
    const terminal = terminals.find((t) => t.phone === ANSWERING && !t.closed) ?? (await connect(ANSWERING, 'CMD-1'));
    const live = nodeB.app.live;
    if (!live) throw new Error('node B has no live channel');
    const tdb = trackDb(db.store.db);
    const [answeringDevice] = deviceIds;
    const first = await tdb
      .selectFrom('vehicles')
      .select('id')
      .where('device_id', '=', answeringDevice ?? 0)
      .executeTakeFirstOrThrow();
    await tdb.updateTable('vehicles').set({ imei: 'BUS-OLD' }).where('id', '=', first.id).execute();
    await nodeB.app.ingest?.refreshDirectory();
    let et = Math.floor(Date.now() / 1000);
    const report = () => terminal.ackOf(terminal.send({ msgId: 0x0200, body: busFix(++et) }));
    await report();
    await until(() => live.latestPosition(companyId, 'BUS-OLD'));

    // The device moves to another vehicle; without a signal B keeps the old binding.
    const now = Math.floor(Date.now() / 1000);
    await tdb.updateTable('vehicles').set({ device_id: null }).where('id', '=', first.id).execute();
    await tdb
      .insertInto('vehicles')
      .values({
        company_id: companyId,
        car_name: 'Bus 2',
        lpn: 'CMD-2',
        imei: 'BUS-NEW',
        channel: '',
        device_id: answeringDevice ?? 0,
        created_at: now,
      })
      .execute();
    await report();
    await until(() => (live.latestPosition(companyId, 'BUS-OLD')?.et === et ? true : undefined));
    expect(live.latestPosition(companyId, 'BUS-NEW')).toBeUndefined();

    announce(companyId);
    const started = Date.now();
    await until(async () => {
      await report();
      return live.latestPosition(companyId, 'BUS-NEW');
    }, 3000);
    expect(Date.now() - started).toBeLessThan(3000);

    // Announced on the ingest node itself: its NATS connection never hears its own signal, the direct call does.
    await tdb.updateTable('vehicles').set({ device_id: null }).where('imei', '=', 'BUS-NEW').execute();
    await tdb
      .updateTable('vehicles')
      .set({ device_id: answeringDevice ?? 0 })
      .where('id', '=', first.id)
      .execute();
    const before = live.latestPosition(companyId, 'BUS-OLD')?.et ?? 0;
    nodeB.app.announceDirectoryChange?.(companyId);
    await until(async () => {
      await report();
      return (live.latestPosition(companyId, 'BUS-OLD')?.et ?? 0) > before ? true : undefined;
    }, 3000);
  });
  it('answers GET /jtt1078/param/qry on the API node from a terminal on the gateway node', async () => {
    // The console's call, signed in on node A: the same path a dispatcher's read takes. Last: it moves the
    // devices to a company with a user, which the earlier tests' sessions know under the old one.
    const tdb = trackDb(db.store.db);
    const { companyId: own } = await seedCompany(db.store, `Cross Node ${engine}`, `crossnode${engine}`);
    await tdb.updateTable('devices').set({ company_id: own }).where('company_id', '=', companyId).execute();
    await tdb
      .updateTable('vehicles')
      .set({ company_id: own, imei: 'CROSS-NODE-1' })
      .where('company_id', '=', companyId)
      .execute();
    companyId = own;
    const terminal = terminals.find((t) => t.phone === ANSWERING && !t.closed) ?? (await connect(ANSWERING, 'CMD-1'));
    terminal.onMessage = (m) => {
      if (m.msgId !== 0x8106) return;
      terminal.send({
        msgId: 0x0104,
        body: { replyFlowId: m.header.flowId, paramCount: 1, params: [{ id: 0x0029, value: 15 }] },
      });
    };
    const client = new HeadwayClient(nodeA.url);
    expect((await client.login(`crossnode${engine}`, PASSWORD)).code).toBe(0);
    const data = encodeURIComponent(JSON.stringify({ imei: 'CROSS-NODE-1', params: [41] }));
    const answer = await client.get<ParamQueryResult>(`/jtt1078/param/qry?data=${data}`);
    expect(answer.code).toBe(0);
    expect(answer.result.params).toEqual([{ id: 41, value: 15 }]);
  });
});
