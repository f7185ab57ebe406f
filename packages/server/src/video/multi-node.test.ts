import type { Socket } from 'node:net';
import { dirname } from 'node:path';
import { VirtualTerminal } from '@headway/simulator';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Rng } from '../../../simulator/src/motion/rng.ts';
import { FleetStats } from '../../../simulator/src/terminal/stats.ts';
import { HeadwayClient } from '../../test/helpers/client.ts';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import { PASSWORD } from '../../test/helpers/server.ts';
import { commandsModule } from '../commands/module.ts';
import { loadConfig } from '../config.ts';
import type { LivePlayRow } from '../contract/video.ts';
import { seedDemo } from '../demo/seed.ts';
import { gatewayModule } from '../gateway/module.ts';
import { liveModule } from '../live/module.ts';
import { NATS_TEST_URL, requireNats } from '../live/testing/nats.ts';
import { type RunningPlatform, startPlatform } from '../platform.ts';
import { seedMapFixture } from '../vehicles/testing/fixtures.ts';
import { videoModule } from './module.ts';
import { readHttpFlv } from './testing/flv-reader.ts';
import { withData } from './testing/server.ts';

// Two nodes on one database and one NATS server: A serves the API only, B holds the terminal (gateway, media port,
// viewer endpoints). A viewer who asks A for live video gets a URL on B, and B's media port receives the stream
// because B filled in its own address in the 0x9101 that A's request made B send.

const PHONE = '013955500016';
const IMEI = '860000000000016';

describe.each(ENGINES)('live video across two nodes over NATS (%s)', (engine) => {
  let db: TestStore;
  let nodeA: RunningPlatform;
  let nodeB: RunningPlatform;
  let terminal: VirtualTerminal;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    const prefix = await requireNats();
    db = await createTestStore(engine);
    const demo = await seedDemo(db.store.db, { password: PASSWORD });
    await seedMapFixture(db.store.db, demo.companyId, [
      { carName: 'Bus 16', imei: IMEI, terminalPhone: PHONE, fleet: null, line: 'L16' },
    ]);
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
      videoModule(),
    ];
    nodeB = await startPlatform(env({ HEADWAY_ROLES: 'gateway', HEADWAY_NODE_ID: 'node-b' }), modules(), logger);
    // Every node knows where the others serve viewers.
    vi.stubEnv('HEADWAY_MEDIA_NODE_URLS', `node-b=${nodeB.url}`);
    nodeA = await startPlatform(env({ HEADWAY_ROLES: 'api', HEADWAY_NODE_ID: 'node-a' }), modules(), logger);
    vi.unstubAllEnvs();
    for (const node of [nodeA, nodeB]) {
      node.app.server.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
    }
    const gateway = nodeB.app.gateway;
    if (!gateway) throw new Error('node B has no gateway');
    terminal = new VirtualTerminal({
      phone: PHONE,
      version: 2013,
      terminalId: '5500016',
      plate: 'MN-16',
      imei: IMEI,
      host: '127.0.0.1',
      port: gateway.ports.jt808,
      interval: 3600,
      rng: new Rng(PHONE),
      stats: new FleetStats(),
      motion: () => {
        throw new Error('no reports in this test');
      },
      mediaPace: 2,
    });
    terminal.start();
    await terminal.whenOnline();
  }, 60_000);
  afterAll(async () => {
    terminal?.stop();
    // Connections the test's clients leave behind (fetch keeps sockets for reuse, and may open one while the
    // servers close) must not hold the close up: they are cut until the node has stopped.
    const cut = setInterval(() => {
      for (const socket of sockets) socket.destroy();
    }, 100);
    try {
      await nodeA?.stop();
      await nodeB?.stop();
    } finally {
      clearInterval(cut);
    }
    await db?.drop();
  }, 30_000);

  it('plays a terminal held by node B from a call on node A', async () => {
    expect(nodeA.app.gateway).toBeUndefined();
    const client = new HeadwayClient(nodeA.url, '/api', () => Date.now());
    expect((await client.login('admin', PASSWORD)).code).toBe(0);
    let rows: LivePlayRow[] = [];
    // A learns of B's session through the database.
    await expect
      .poll(
        async () => {
          const r = await client.get<{ rows: LivePlayRow[] }>(
            withData('/jtt1078/live/play', { imei: IMEI, chns: [{ chn: 1 }] }),
          );
          rows = r.result?.rows ?? [];
          return rows.length;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    const row = rows[0]!;
    expect(row.http.startsWith(`${nodeB.url}/media/live.flv?t=`)).toBe(true);
    expect(row.ws.startsWith(`${nodeB.url.replace(/^http/, 'ws')}/media/live.flv?t=`)).toBe(true);
    // The terminal was sent B's media port.
    await expect.poll(() => terminal.media.live.streams.some((s) => s.connected), { timeout: 5000 }).toBe(true);
    const viewer = await readHttpFlv(row.http);
    expect(viewer.status).toBe(200);
    await expect.poll(() => viewer.reader.keyframes, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(viewer.reader.sequenceHeaders).toBeGreaterThan(0);
    // The same token on node A is not served there: the stream is B's.
    const path = new URL(row.http).pathname + new URL(row.http).search;
    const elsewhere = await fetch(`${nodeA.url}${path}`);
    expect(elsewhere.status).toBe(404);
    await elsewhere.arrayBuffer();
    viewer.stop();
    await viewer.done;
  });
});
