import type { Client } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { HeadwayClient } from '../../test/helpers/client.ts';
import { seedCompany } from '../../test/helpers/server.ts';
import type { RealData } from './real-data.ts';
import { LIVE_TEST_PASSWORD, type LiveServer, startLiveServer } from './testing/live-server.ts';
import { closed, collect, connectStomp, mustConnect, sleep } from './testing/stomp-client.ts';

// The live channel end to end: the real @stomp/stompjs client over `ws` against a listening server.

function position(imei: string, et: number, extra: Partial<RealData> = {}): RealData {
  return { imei, lat: 22.5, lng: 114.05, v: 30, a: 90, s: 0b11, w: 0, et, rt: et, ...extra };
}

async function waitFor(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await sleep(10);
  }
}

/** A raw WebSocket speaking STOMP by hand, for what the library hides (heart-beat EOLs, malformed frames). */
function rawSocket(url: string): Promise<{ ws: WebSocket; received: string[]; closedWith: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['v12.stomp']);
    const received: string[] = [];
    const closedWith = new Promise<number>((done) => ws.on('close', (code) => done(code)));
    ws.on('message', (data) => received.push(data.toString()));
    ws.on('open', () => resolve({ ws, received, closedWith }));
    ws.on('error', reject);
  });
}

describe('live channel: STOMP 1.2 over WebSocket at /dispatch/websocket', () => {
  let server: LiveServer;
  let admin: HeadwayClient;
  let dispatcher: HeadwayClient;
  let otherCompany: { companyId: number };
  let otherAdmin: HeadwayClient;
  const clients: Client[] = [];

  async function login(account: string): Promise<HeadwayClient> {
    const client = new HeadwayClient(server.httpUrl, '/api', () => server.clock.now());
    const reply = await client.login(account, LIVE_TEST_PASSWORD);
    if (reply.code !== 0) throw new Error(`login ${account}: ${reply.code}`);
    return client;
  }

  async function stomp(token: string, config = {}): Promise<Client> {
    const client = await mustConnect(server.wsUrl, token, config);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    server = await startLiveServer({
      batchIntervalMs: 200,
      heartbeatMs: 200,
      revalidateMs: 100,
      connectTimeoutMs: 300,
    });
    otherCompany = await seedCompany(server.store, 'Other Transit', 'other-admin');
    admin = await login('admin');
    dispatcher = await login('dispatcher');
    otherAdmin = await login('other-admin');
  });
  afterAll(async () => {
    for (const client of clients) await client.deactivate({ force: true });
    await server.close();
  });

  it('connects with the session token and negotiates STOMP 1.2 with heart-beats', async () => {
    const result = await connectStomp(server.wsUrl, admin.token, { heartbeatIncoming: 1000, heartbeatOutgoing: 1000 });
    if ('refused' in result) throw new Error('refused');
    clients.push(result.client);
    expect(result.connected.headers.version).toBe('1.2');
    expect(result.connected.headers['heart-beat']).toBe('200,200');
    expect(result.connected.headers['user-name']).toBe('admin');
    expect(server.live.connections(server.demoCompanyId).map((c) => c.account)).toContain('admin');
  });

  it('accepts the token as passcode too', async () => {
    const result = await connectStomp(server.wsUrl, '', { connectHeaders: { login: 'x', passcode: admin.token } });
    expect('client' in result).toBe(true);
    if ('client' in result) clients.push(result.client);
  });

  it('refuses an unknown token with an ERROR frame and closes the socket', async () => {
    const result = await connectStomp(server.wsUrl, 'f'.repeat(48));
    expect('refused' in result && result.refused?.headers.message).toBe('login expired');
    const none = await connectStomp(server.wsUrl, '');
    expect('refused' in none && none.refused?.headers.message).toBe('login expired');
  });

  it('refuses a logged-out token', async () => {
    const gone = await login('dispatcher');
    expect((await gone.get('/logout')).code).toBe(0);
    const result = await connectStomp(server.wsUrl, gone.token);
    expect('refused' in result && result.refused?.headers.message).toBe('login expired');
  });

  it('refuses a forced-offline token at CONNECT, and closes a connected socket of a session forced offline', async () => {
    const victim = await login('dispatcher');
    const client = await stomp(victim.token);
    const ended = closed(client);
    const sessionId = victim.user?.user_id;
    expect(sessionId).toBeDefined();
    const online = await admin.get<{ rows: { session_id: number; account: string }[] }>(
      '/owner/user/online?page=1&limit=100',
    );
    // The victim's newest session: the one just opened.
    const mine = online.result.rows.filter((r) => r.account === 'dispatcher').map((r) => r.session_id);
    const victimSession = Math.max(...mine);
    expect((await admin.post('/owner/user/offline', { session_id: victimSession })).code).toBe(0);
    const error = await ended;
    expect(error?.headers.message).toBe('login expired');
    const again = await connectStomp(server.wsUrl, victim.token);
    expect('refused' in again && again.refused?.headers.message).toBe('login expired');
  });

  it('delivers batched gps frames to subscribers of the own company, and only that company', async () => {
    const own = await stomp(dispatcher.token);
    const other = await stomp(otherAdmin.token);
    const ownGps = collect(own, `/topic/notify.${server.demoCompanyId}`);
    const otherGps = collect(other, `/topic/notify.${otherCompany.companyId}`);
    await sleep(50);
    server.live.publishPositions(server.demoCompanyId, [position('A', 100), position('B', 100)]);
    server.live.publishPositions(server.demoCompanyId, [position('A', 101, { v: 42 })]);
    // An older resent report must not move the vehicle back.
    server.live.publishPositions(server.demoCompanyId, [position('B', 99, { lat: 1 })]);
    server.live.publishPositions(otherCompany.companyId, [position('Z', 100)]);
    await waitFor(() => ownGps.messages.length >= 1 && otherGps.messages.length >= 1);
    await sleep(300);
    expect(ownGps.bodies()).toEqual([{ cmd: 'gps', data: [position('A', 101, { v: 42 }), position('B', 100)] }]);
    expect(otherGps.bodies()).toEqual([{ cmd: 'gps', data: [position('Z', 100)] }]);
    expect(ownGps.messages[0]?.headers.destination).toBe(`/topic/notify.${server.demoCompanyId}`);
    expect(server.live.latestPosition(server.demoCompanyId, 'B')).toEqual(position('B', 100));
    expect(server.live.latestPositions(otherCompany.companyId)).toEqual([position('Z', 100)]);
  });

  it("refuses a subscription to another company's topic with an ERROR frame", async () => {
    const client = await stomp(dispatcher.token);
    const ended = closed(client);
    client.subscribe(`/topic/notify.${otherCompany.companyId}`, () => {});
    expect((await ended)?.headers.message).toBe('permission denied');
  });

  it('refuses an unknown destination', async () => {
    const client = await stomp(dispatcher.token);
    const ended = closed(client);
    client.subscribe('/topic/everything', () => {});
    expect((await ended)?.headers.message).toBe('unknown destination');
  });

  it('delivers /user/topic/msg to that user only', async () => {
    const adminStomp = await stomp(admin.token);
    const dispatcherStomp = await stomp(dispatcher.token);
    const adminMsg = collect(adminStomp, '/user/topic/msg');
    const dispatcherMsg = collect(dispatcherStomp, '/user/topic/msg');
    await sleep(50);
    const dispatcherId = dispatcher.user?.user_id ?? 0;
    server.live.publishToUser(server.demoCompanyId, dispatcherId, 'msg', { text: 'hello' });
    // Addressed to the right user id but the wrong company: nobody gets it.
    server.live.publishToUser(otherCompany.companyId, dispatcherId, 'msg', { text: 'leak' });
    await waitFor(() => dispatcherMsg.messages.length >= 1);
    await sleep(100);
    expect(dispatcherMsg.bodies()).toEqual([{ cmd: 'msg', data: { text: 'hello' } }]);
    expect(dispatcherMsg.messages[0]?.headers.destination).toBe('/user/topic/msg');
    expect(adminMsg.messages).toEqual([]);
  });

  it('tells every console of the company, and only it, which alarms were marked read', async () => {
    const own = collect(await stomp(dispatcher.token), `/topic/notify.${server.demoCompanyId}`);
    await sleep(50);
    server.live.publishAlarmsRead(server.demoCompanyId, [7, 9]);
    server.live.publishAlarmsRead(otherCompany.companyId, [8]);
    server.live.publishAlarmsRead(server.demoCompanyId, []);
    await waitFor(() => own.messages.length >= 1);
    await sleep(100);
    expect(own.bodies()).toEqual([{ cmd: 'alarm-read', data: { id_list: [7, 9] } }]);
  });

  it('relays /app/notify to the consoles of the sender company and answers receipts', async () => {
    const sender = await stomp(admin.token);
    const listener = await stomp(dispatcher.token);
    const heard = collect(listener, `/topic/notify.${server.demoCompanyId}`);
    const outsider = await stomp(otherAdmin.token);
    const outsiderHeard = collect(outsider, `/topic/notify.${otherCompany.companyId}`);
    const receipt = new Promise<void>((resolve) => sender.watchForReceipt('notify-1', () => resolve()));
    sender.publish({
      destination: '/app/notify',
      body: JSON.stringify({ cmd: 'plan', data: { id: 7 } }),
      headers: { receipt: 'notify-1' },
    });
    await receipt;
    await waitFor(() => heard.messages.length >= 1);
    expect(heard.bodies()).toEqual([{ cmd: 'plan', data: { id: 7 } }]);
    await sleep(50);
    expect(outsiderHeard.messages).toEqual([]);
  });

  it('/app/heartbeat records activity and refreshes the session for the online list', async () => {
    const user = await login('dispatcher');
    const client = await stomp(user.token);
    server.clock.advance(120);
    const receipt = new Promise<void>((resolve) => client.watchForReceipt('hb-1', () => resolve()));
    client.publish({ destination: '/app/heartbeat', body: '', headers: { receipt: 'hb-1' } });
    await receipt;
    const now = Math.floor(server.clock.now() / 1000);
    const row = (
      await server.store.db
        .selectFrom('sessions')
        .select(['last_active_at'])
        .where('ended_at', 'is', null)
        .where('user_id', '=', user.user?.user_id ?? 0)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).last_active_at;
    expect(row).toBe(now);
    const info = server.live.connections().find((c) => c.lastHeartbeatAt !== undefined);
    expect(info?.account).toBe('dispatcher');
  });

  it('coalesces many publishes into about one frame per batch interval', async () => {
    const client = await stomp(admin.token);
    const gps = collect(client, `/topic/notify.${server.demoCompanyId}`);
    await sleep(50);
    const started = Date.now();
    let et = 1000;
    // 100 vehicles × 40 rounds over ~1 s: 4000 positions, about 5 batches at 200 ms.
    while (Date.now() - started < 1000) {
      const round = Array.from({ length: 100 }, (_, i) => position(`V${i}`, et));
      server.live.publishPositions(server.demoCompanyId, round);
      et++;
      await sleep(25);
    }
    await sleep(400);
    const frames = gps.messages.length;
    // Timers drift on a loaded machine; the point is a handful of frames, not 40.
    expect(frames).toBeGreaterThanOrEqual(3);
    expect(frames).toBeLessThanOrEqual(8);
    const last = gps.bodies().at(-1) as { data: RealData[] };
    expect(last.data.length).toBe(100);
    expect(last.data.every((p) => p.et === et - 1)).toBe(true);
  });

  it('sends heart-beat EOLs and drops a client silent for twice the period', async () => {
    const { ws, received, closedWith } = await rawSocket(server.wsUrl);
    ws.send(`CONNECT\naccept-version:1.2\nhost:x\ntoken:${admin.token}\nheart-beat:200,200\n\n\0`);
    await waitFor(() => received.length >= 1);
    expect(received[0]).toMatch(/^CONNECTED\n/);
    // Silent from here: the server keeps beating, then gives up after 2 × 200 ms.
    const start = Date.now();
    expect(await closedWith).toBe(1001);
    expect(Date.now() - start).toBeGreaterThanOrEqual(300);
    expect(received.filter((m) => m === '\n').length).toBeGreaterThanOrEqual(1);
  });

  it('keeps a client that beats', async () => {
    const { ws, received } = await rawSocket(server.wsUrl);
    ws.send(`CONNECT\naccept-version:1.2\nhost:x\ntoken:${admin.token}\nheart-beat:200,0\n\n\0`);
    const timer = setInterval(() => ws.send('\n'), 50);
    await sleep(800);
    clearInterval(timer);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    // The client asked for no heart-beats (cy = 0): the server sends none.
    expect(received.filter((m) => m === '\n')).toEqual([]);
    ws.close();
  });

  it('answers a malformed frame with ERROR and closes; a frame before CONNECT too', async () => {
    const bad = await rawSocket(server.wsUrl);
    bad.ws.send(`CONNECT\naccept-version:1.2\ntoken:${admin.token}\n\n\0SEND\ndestination:/app/x\\t\n\n\0`);
    expect(await bad.closedWith).toBe(1002);
    expect(bad.received.at(-1)).toMatch(/^ERROR\nmessage:undefined escape sequence\n/);

    const early = await rawSocket(server.wsUrl);
    early.ws.send('SUBSCRIBE\nid:1\ndestination:/user/topic/msg\n\n\0');
    expect(await early.closedWith).toBe(1002);
    expect(early.received.at(-1)).toMatch(/^ERROR\nmessage:not connected\n/);
  });

  it('bounds SEND frames per connection (notify fans out to a whole company)', async () => {
    const flood = await rawSocket(server.wsUrl);
    flood.ws.send(`CONNECT\naccept-version:1.2\ntoken:${admin.token}\n\n\0`);
    flood.ws.send('SEND\ndestination:/app/heartbeat\n\n\0'.repeat(101));
    expect(await flood.closedWith).toBe(1008);
    expect(flood.received.at(-1)).toMatch(/^ERROR\nmessage:too frequent\n/);
  });

  it('refuses a client that does not speak 1.2, and closes a socket that never sends CONNECT', async () => {
    const old = await rawSocket(server.wsUrl);
    old.ws.send(`CONNECT\naccept-version:1.0,1.1\ntoken:${admin.token}\n\n\0`);
    expect(await old.closedWith).toBe(1002);
    expect(old.received.at(-1)).toMatch(/^ERROR\nmessage:unsupported version\n/);

    const idle = await rawSocket(server.wsUrl);
    expect(await idle.closedWith).toBe(1008);
    expect(idle.received.at(-1)).toMatch(/^ERROR\nmessage:connect timeout\n/);
  });

  it('stops delivering after UNSUBSCRIBE', async () => {
    const client = await stomp(admin.token);
    const received: string[] = [];
    const subscription = client.subscribe('/user/topic/msg', (m) => received.push(m.body));
    await sleep(50);
    const userId = admin.user?.user_id ?? 0;
    server.live.publishToUser(server.demoCompanyId, userId, 'msg', 1);
    await waitFor(() => received.length === 1);
    subscription.unsubscribe();
    await sleep(50);
    server.live.publishToUser(server.demoCompanyId, userId, 'msg', 2);
    await sleep(100);
    expect(received).toEqual(['{"cmd":"msg","data":1}']);
  });

  it('refuses an oversized frame', async () => {
    const big = await rawSocket(server.wsUrl);
    big.ws.send(`CONNECT\naccept-version:1.2\ntoken:${admin.token}\n\n\0`);
    big.ws.send(`SEND\ndestination:/app/notify\n\n${'x'.repeat(70 * 1024)}\0`);
    expect(await big.closedWith).toBe(1002);
    expect(big.received.at(-1)).toMatch(/^ERROR\nmessage:frame too large\n/);
  });

  it('DISCONNECT with a receipt gets the RECEIPT, then the socket closes and the connection is gone', async () => {
    const { ws, received, closedWith } = await rawSocket(server.wsUrl);
    ws.send(`CONNECT\naccept-version:1.2\ntoken:${otherAdmin.token}\n\n\0`);
    await waitFor(() => received.length >= 1);
    expect(server.live.connections(otherCompany.companyId).length).toBeGreaterThan(0);
    ws.send('DISCONNECT\nreceipt:bye-1\n\n\0');
    expect(await closedWith).toBe(1000);
    expect(received.at(-1)).toBe('RECEIPT\nreceipt-id:bye-1\n\n\0');
  });

  it('stompjs deactivate() ends the connection cleanly', async () => {
    const client = await mustConnect(server.wsUrl, otherAdmin.token);
    const before = server.live.connections(otherCompany.companyId).length;
    await client.deactivate();
    await waitFor(() => server.live.connections(otherCompany.companyId).length === before - 1);
  });
});

describe('live channel with the default one-second batch', () => {
  let server: LiveServer;
  afterAll(() => server.close());

  it('sends about one gps frame per second however often positions arrive', async () => {
    server = await startLiveServer();
    const user = new HeadwayClient(server.httpUrl, '/api', () => server.clock.now());
    await user.login('admin', LIVE_TEST_PASSWORD);
    const client = await mustConnect(server.wsUrl, user.token);
    const gps = collect(client, `/topic/notify.${server.demoCompanyId}`);
    await sleep(50);
    const started = Date.now();
    let publishes = 0;
    while (Date.now() - started < 3000) {
      server.live.publishPositions(server.demoCompanyId, [position(`V${publishes % 50}`, 1000 + publishes)]);
      publishes++;
      await sleep(10);
    }
    await sleep(1100);
    await client.deactivate();
    expect(publishes).toBeGreaterThan(50);
    expect(gps.messages.length).toBeGreaterThanOrEqual(2);
    expect(gps.messages.length).toBeLessThanOrEqual(5);
  });
});
