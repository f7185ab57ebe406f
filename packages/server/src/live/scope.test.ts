import type { Client } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../test/helpers/client.ts';
import { consolesDb } from '../consoles/schema.ts';
import type { ConsoleRow } from '../contract/index.ts';
import { seedMapFixture } from '../vehicles/testing/fixtures.ts';
import type { RealData } from './real-data.ts';
import { LIVE_TEST_PASSWORD, type LiveServer, startLiveServer } from './testing/live-server.ts';
import { collect, mustConnect, sleep } from './testing/stomp-client.ts';

// Scoped delivery end to end (docs/live.md "Scoped delivery"): two users of one company on the real
// @stomp/stompjs client; one is in a console. gps batches reach each only with the vehicles they may see, and a
// console edit changes delivery on open sockets without reconnecting.

const REVALIDATE_MS = 150;

function position(imei: string, et: number): RealData {
  return { imei, lat: 40.64, lng: -74.08, v: 20, a: 90, s: 0b11, w: 0, et, rt: et };
}

describe('live channel: gps batches scoped by console', () => {
  let server: LiveServer;
  let admin: HeadwayClient;
  let dispatcher: HeadwayClient;
  let lines: Map<string, number>;
  let consoleId = 0;
  const clients: Client[] = [];
  let et = 1_000;

  async function login(account: string): Promise<HeadwayClient> {
    const client = new HeadwayClient(server.httpUrl, '/api', () => server.clock.now());
    const reply = await client.login(account, LIVE_TEST_PASSWORD);
    if (reply.code !== 0) throw new Error(`login ${account}: ${reply.code}`);
    return client;
  }

  async function listen(client: HeadwayClient) {
    const stomp = await mustConnect(server.wsUrl, client.token);
    clients.push(stomp);
    const gps = collect(stomp, `/topic/notify.${server.demoCompanyId}`);
    // SUBSCRIBE is not acknowledged; give the frame time to arrive before publishing.
    await sleep(50);
    return {
      /** Imeis of the batches received since the last call. */
      take(): string[][] {
        const batches = gps.bodies().map((b) => (b as { data: RealData[] }).data.map((p) => p.imei).sort());
        gps.messages.length = 0;
        return batches;
      },
    };
  }

  /** Publishes one position of each vehicle and waits long enough for the batch to go out. */
  async function publishBoth(): Promise<void> {
    et++;
    // Line A's vehicle under its IMEI (as ingest publishes), line B's under its terminal phone (raw gateway feed).
    server.live.publishPositions(server.demoCompanyId, [position('860000000000001', et), position('013900000002', et)]);
    await sleep(400);
  }

  beforeAll(async () => {
    server = await startLiveServer({ batchIntervalMs: 100, revalidateMs: REVALIDATE_MS });
    ({ lineIds: lines } = await seedMapFixture(server.store.db, server.demoCompanyId, [
      { carName: 'A-1', imei: '860000000000001', terminalPhone: '013900000001', fleet: null, line: 'A' },
      { carName: 'B-1', imei: '860000000000002', terminalPhone: '013900000002', fleet: null, line: 'B' },
    ]));
    admin = await login('admin');
    dispatcher = await login('dispatcher');
    const created = await admin.post<ConsoleRow>('/owner/console', {
      console_name: 'Line A desk',
      route_ids: [lines.get('A')],
      user_ids: [dispatcher.user?.user_id],
    });
    consoleId = created.result.console_id;
  });
  afterAll(async () => {
    for (const client of clients) await client.deactivate({ force: true });
    await server.close();
  });

  it("delivers only line A's vehicle to the console user, both to the user in no console", async () => {
    const scoped = await listen(dispatcher);
    const whole = await listen(admin);
    await publishBoth();
    expect(scoped.take()).toEqual([['860000000000001']]);
    expect(whole.take()).toEqual([['013900000002', '860000000000001']]);

    // A batch holding nothing of the console's lines sends the console user no frame at all.
    et++;
    server.live.publishPositions(server.demoCompanyId, [position('013900000002', et)]);
    await sleep(400);
    expect(scoped.take()).toEqual([]);
    expect(whole.take()).toEqual([['013900000002']]);
  });

  it("follows an administrator's edit of the console's lines without reconnecting", async () => {
    const scoped = await listen(dispatcher);
    expect(
      (await admin.post('/owner/console/route', { console_id: consoleId, route_ids: [lines.get('B')] })).code,
    ).toBe(0);
    await sleep(REVALIDATE_MS * 2);
    await publishBoth();
    expect(scoped.take()).toEqual([['013900000002']]);
  });

  it('applies a change written by another node on the next revalidation', async () => {
    const scoped = await listen(dispatcher);
    // Straight into the store, as another API node would: only the periodic re-read can notice it.
    const db = consolesDb(server.store.db);
    await db
      .insertInto('console_routes')
      .values({ console_id: consoleId, line_id: lines.get('A') ?? 0, company_id: server.demoCompanyId })
      .execute();
    await sleep(REVALIDATE_MS * 3);
    await publishBoth();
    expect(scoped.take()).toEqual([['013900000002', '860000000000001']]);

    await db.deleteFrom('console_routes').where('console_id', '=', consoleId).execute();
    await sleep(REVALIDATE_MS * 3);
    await publishBoth();
    expect(scoped.take()).toEqual([]);

    // Out of every console: the whole company again.
    await db.deleteFrom('console_users').where('console_id', '=', consoleId).execute();
    await sleep(REVALIDATE_MS * 3);
    await publishBoth();
    expect(scoped.take()).toEqual([['013900000002', '860000000000001']]);
  });

  it('scopes a user put into a console while connected', async () => {
    const scoped = await listen(dispatcher);
    await publishBoth();
    expect(scoped.take()).toEqual([['013900000002', '860000000000001']]);
    await admin.post('/owner/console/route', { console_id: consoleId, route_ids: [lines.get('A')] });
    await admin.post('/owner/console/user', { console_id: consoleId, user_ids: [dispatcher.user?.user_id] });
    await sleep(REVALIDATE_MS * 2);
    await publishBoth();
    expect(scoped.take()).toEqual([['860000000000001']]);
  });
});
