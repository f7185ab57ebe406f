import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProtocolVersion } from '@headway/protocol';
import { CapabilityMask } from '@headway/spec';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../../test/helpers/client.ts';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/database.ts';
import { PASSWORD } from '../../../test/helpers/server.ts';
import { buildApp } from '../../app.ts';
import { sign } from '../../auth/signature.ts';
import { loadConfig } from '../../config.ts';
import type { ListResult, MessageLogRow, SendMessageResult } from '../../contract/index.ts';
import { seedDemo } from '../../demo/seed.ts';
import { gatewayModule } from '../../gateway/module.ts';
import { seedDevices } from '../../gateway/testing/fixture.ts';
import { type Received, TestTerminal } from '../../gateway/testing/terminal.ts';
import '../../lines/demo-register.ts';
import type { Engine } from '../../store/db.ts';
import { commandsModule } from '../module.ts';
import type { CommandRouter } from '../router.ts';
import { commandDb } from '../schema.ts';
import { sendMessage } from './send.ts';

// Dispatch texts end to end: the console's REST call, the command path through a real gateway, real TCP
// terminals answering 0x8300 with 0x0001 (or refusing, or staying silent), a driver's 0x6006 answer, and the
// message log the chat polls for replies.

const COMMAND_TIMEOUT_MS = 1000;

interface Bus {
  carId: number;
  carName: string;
  phone: string;
  version: ProtocolVersion;
}

interface Platform {
  app: FastifyInstance;
  url: string;
  jt808Port: number;
  stop(): Promise<void>;
}

async function startPlatformOn(db: TestStore, dataDir: string): Promise<Platform> {
  const app = await buildApp({ db: db.store.db, auth: { loginAttemptsPerMinute: 100_000 } });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', HEADWAY_DEMO: '0', HEADWAY_DATA_DIR: dataDir });
  const logger = pino({ level: 'silent' });
  const stops: (() => Promise<void>)[] = [];
  for (const m of [
    gatewayModule({
      host: '127.0.0.1',
      port: 0,
      mediaPort: 0,
      attachmentPort: 0,
      commandTimeoutMs: COMMAND_TIMEOUT_MS,
    }),
    commandsModule(),
  ]) {
    const handle = await m.start({ config, store: db.store, app, logger });
    if (handle) stops.push(() => handle.stop());
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    jt808Port: app.gateway?.ports.jt808 ?? 0,
    async stop() {
      await app.close();
      for (const stop of stops.reverse()) await stop();
    },
  };
}

/** A terminal online for `bus`, answering every 0x8300 with 0x0001 of `result` (undefined: never answers). */
async function online(port: number, bus: Bus, result: number | undefined): Promise<TestTerminal> {
  const terminal = await TestTerminal.connect(port, bus.phone, bus.version);
  const registered = await terminal.register();
  expect(await terminal.authenticate(registered.token ?? '')).toBe(0);
  if (result !== undefined) {
    terminal.onMessage = (m: Received) => {
      if (m.msgId !== 0x8300) return;
      terminal.send({ msgId: 0x0001, body: { replyFlowId: m.header.flowId, replyMsgId: 0x8300, result } });
    };
  }
  return terminal;
}

async function until<T>(probe: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const around = () => ({ start_time: nowSeconds() - 300, end_time: nowSeconds() + 300 });
const query = (fields: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

describe.each(ENGINES)('dispatch messages on %s', (engine: Engine) => {
  let db: TestStore;
  let dataDir: string;
  let platform: Platform;
  let admin: HeadwayClient;
  let dispatcher: HeadwayClient;
  let buses: Bus[];
  let foreignCarId: number;
  const terminals: TestTerminal[] = [];

  beforeAll(async () => {
    db = await createTestStore(engine);
    dataDir = mkdtempSync(join(tmpdir(), 'headway-messages-'));
    const { companyId } = await seedDemo(db.store.db, { password: PASSWORD });
    const rows = await commandDb(db.store.db)
      .selectFrom('vehicles as v')
      .innerJoin('devices as d', 'd.id', 'v.device_id')
      .select(['v.id', 'v.car_name', 'd.terminal_phone', 'd.protocol_version'])
      .where('v.company_id', '=', companyId)
      .orderBy('v.id')
      .limit(7)
      .execute();
    buses = rows.map((r) => ({
      carId: r.id,
      carName: r.car_name,
      phone: r.terminal_phone,
      version: Number(r.protocol_version) as ProtocolVersion,
    }));
    // Bus 5's device cannot show text.
    await commandDb(db.store.db)
      .updateTable('devices')
      .set({ capabilities: CapabilityMask.snapshot | CapabilityMask.video })
      .where('terminal_phone', '=', buses[5]?.phone ?? '')
      .execute();
    const foreign = await seedDevices(db.store, ['013999000111'], { plate: 'XX-1', company: 'Elsewhere Buses' });
    foreignCarId = foreign.vehicleId ?? 0;

    platform = await startPlatformOn(db, dataDir);
    admin = new HeadwayClient(platform.url);
    expect((await admin.login('admin', PASSWORD)).code).toBe(0);
    dispatcher = new HeadwayClient(platform.url);
    expect((await dispatcher.login('dispatcher', PASSWORD)).code).toBe(0);
    const [a, b, , refusing, silent, noText, other] = buses as [Bus, Bus, Bus, Bus, Bus, Bus, Bus];
    terminals.push(
      await online(platform.jt808Port, a, 0),
      await online(platform.jt808Port, b, 0),
      await online(platform.jt808Port, refusing, 3),
      await online(platform.jt808Port, silent, undefined),
      await online(platform.jt808Port, noText, 0),
      await online(platform.jt808Port, other, 0),
    );
  }, 60_000);

  afterAll(async () => {
    for (const t of terminals) t.close();
    await platform?.stop();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const bus = (i: number) => buses[i] as Bus;
  const send = (client: HeadwayClient, body: Record<string, unknown>) =>
    client.post<SendMessageResult>('/dispatch/send-msg', { flag: [2, 3], target: '', ...body });
  const log = (client: HeadwayClient, fields: Record<string, string | number>) =>
    client.get<ListResult<MessageLogRow>>(`/logs/message${query({ ...around(), ...fields })}`);

  it('sends to two online buses that answer and one offline: states, counts and the reply poll', async () => {
    const uuid = `u-${engine}-1`;
    const reply = await send(admin, {
      car_list: [bus(0).carId, bus(1).carId, bus(2).carId],
      msg: '  Return to depot ',
      uuid,
    });
    expect(reply.code).toBe(0);
    expect(reply.result).toMatchObject({ send_count: 2, reply_count: 2, queued_count: 0 });
    expect(reply.result.rows.map((r) => [r.car_id, r.car_name, r.send_state])).toEqual([
      [bus(0).carId, bus(0).carName, 2],
      [bus(1).carId, bus(1).carName, 2],
      [bus(2).carId, bus(2).carName, 4],
    ]);

    // What the terminal got: the trimmed text with flag bits 2 and 3, the 2019 text type for 2019 terminals.
    const got = terminals[0]?.received.find((m) => m.msgId === 0x8300);
    expect(got?.msgId === 0x8300 && got.body).toMatchObject({ flag: 0b1100, text: 'Return to depot' });

    // The chat's reply poll: {data: uuid, send_state: 2, ±5 min}.
    const replies = await log(admin, { data: uuid, send_state: 2 });
    expect(replies.code).toBe(0);
    expect(replies.result.total).toBe(2);
    for (const row of replies.result.rows) {
      expect(row).toMatchObject({ uuid, msg: 'Return to depot', flag: 12, target: '', account: 'admin' });
      expect(row.reply_time).toBeGreaterThanOrEqual(row.send_time);
    }
    const all = await log(admin, { data: uuid });
    expect(all.result.rows.find((r) => r.car_id === bus(2).carId)).toMatchObject({ send_state: 4, reply_time: null });

    // The same query as a POST body.
    const posted = await admin.post<ListResult<MessageLogRow>>('/logs/message', {
      data: uuid,
      send_state: 2,
      ...around(),
    });
    expect(posted.result).toEqual(replies.result);
  });

  it('records a driver’s 0x6006 text as the reply to the latest message, acknowledged with 0x8001', async () => {
    const uuid = `u-${engine}-driver`;
    const sent = await send(admin, { car_list: [bus(0).carId], msg: 'Can you take route 2?', uuid });
    expect(sent.result.reply_count).toBe(1);
    const terminal = terminals[0] as TestTerminal;
    const ack = await terminal.ackOf(terminal.send({ msgId: 0x6006, body: { encoding: 0, text: '好的 on my way' } }));
    expect(ack.body.result).toBe(0);
    const rows = (await log(admin, { data: uuid })).result.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ send_state: 2, reply_msg: '好的 on my way' });

    // A second answer is kept beside the first; a text with no recent message is acknowledged and dropped.
    await terminal.ackOf(terminal.send({ msgId: 0x6006, body: { encoding: 0, text: 'ETA 5 min' } }));
    expect((await log(admin, { data: uuid })).result.rows[0]?.reply_msg).toBe('好的 on my way\nETA 5 min');
    const lonely = terminals[5] as TestTerminal;
    expect(
      (await lonely.ackOf(lonely.send({ msgId: 0x6006, body: { encoding: 0, text: 'hello?' } }))).body.result,
    ).toBe(0);
  });

  it('marks a refusal 3, a silent terminal 4 after the timeout, and a device without text 3 unsent', async () => {
    const uuid = `u-${engine}-refused`;
    const reply = await send(admin, { car_list: [bus(3).carId, bus(4).carId, bus(5).carId], msg: 'Check in', uuid });
    expect(reply.code).toBe(0);
    const [refused, silent, noText] = reply.result.rows;
    expect(refused?.send_state).toBe(3);
    expect(noText?.send_state).toBe(3);
    expect([1, 4]).toContain(silent?.send_state);
    expect(reply.result.reply_count).toBe(0);
    expect(terminals[4]?.received.some((m) => m.msgId === 0x8300)).toBe(false);
    const settled = await until(async () => {
      const rows = (await log(admin, { data: uuid, car_id: bus(4).carId })).result.rows;
      return rows[0]?.send_state === 4 ? rows[0] : undefined;
    });
    expect(settled.reply_time).toBeNull();
  });

  it('queues a text for an offline bus with an expiry when asked', async () => {
    const uuid = `u-${engine}-queue`;
    const reply = await send(admin, {
      car_list: [bus(2).carId, bus(1).carId],
      msg: 'Report to depot on arrival',
      uuid,
      queue: { expire_hours: 4 },
    });
    expect(reply.result).toMatchObject({ send_count: 1, reply_count: 1, queued_count: 1 });
    const rows = (await log(admin, { data: uuid, send_state: 0 })).result.rows;
    expect(rows).toHaveLength(1);
    const row = rows[0] as MessageLogRow;
    expect(row.car_id).toBe(bus(2).carId);
    expect(row.expire_time).toBe(row.send_time + 4 * 3600);
  });

  it('sends a queued text at once when its terminal came online between the check and the queueing', async () => {
    // The race: the send sees the terminal offline, the terminal attaches (its delivery finds no row yet), then the
    // row is queued. A router that answers "offline" once stands in for that instant; the gateway and terminal are
    // real.
    const real = platform.app.commandRouter as CommandRouter;
    let asked = 0;
    const router: CommandRouter = {
      send: (phone, message, options) => real.send(phone, message, options),
      isOnline: async (phone) => (asked++ === 0 ? false : real.isOnline(phone)),
      close: async () => {},
    };
    const user = await commandDb(db.store.db)
      .selectFrom('users')
      .select(['id', 'company_id', 'account'])
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const sender = { companyId: user.company_id, userId: user.id, account: user.account };
    const uuid = `u-${engine}-race`;
    const deps = { db: db.store.db, clock: { now: () => Date.now() }, router, log: pino({ level: 'silent' }) };
    const result = await sendMessage(deps, sender, {
      car_list: [bus(0).carId],
      msg: 'Queued in the instant of reconnecting',
      uuid,
      flag: [2],
      target: '',
      queue: { expire_hours: 1 },
    });
    expect(asked).toBe(2);
    expect(result).toMatchObject({ queued_count: 0, send_count: 1, reply_count: 1 });
    const rows = (await log(admin, { data: uuid })).result.rows;
    expect(rows.map((r) => r.send_state)).toEqual([2]);
  });

  it('refuses blank and oversized text (1004) and vehicles of another company (1008)', async () => {
    const car_list = [bus(0).carId];
    expect((await send(admin, { car_list, msg: '   ', uuid: 'x' })).code).toBe(1004);
    // 600 Chinese characters: within the 1024-character schema, but 1200 bytes of GBK.
    expect((await send(admin, { car_list, msg: '好'.repeat(600), uuid: 'x' })).code).toBe(1004);
    expect((await send(admin, { car_list: [], msg: 'hi', uuid: 'x' })).code).toBe(1004);
    expect((await send(admin, { car_list, msg: 'hi', uuid: 'x', target: 'TV' })).code).toBe(1004);
    expect((await send(admin, { car_list: [bus(0).carId, foreignCarId], msg: 'hi', uuid: 'x' })).code).toBe(1008);
    const none = await log(admin, { data: 'x' });
    expect(none.result.total).toBe(0);
  });

  it('shows a monitoring-only caller their own sends only, and checks the range', async () => {
    const uuid = `u-${engine}-mine`;
    const mine = await send(dispatcher, { car_list: [bus(1).carId], msg: 'From the dispatcher', uuid });
    expect(mine.code).toBe(0);
    const seen = await log(dispatcher, {});
    expect(seen.result.total).toBeGreaterThan(0);
    expect(new Set(seen.result.rows.map((r) => r.account))).toEqual(new Set(['dispatcher']));
    // Asking for another account's rows does not widen it.
    expect((await log(dispatcher, { account: 'admin' })).result.total).toBe(0);
    // The log screen's holder (the administrator) sees everyone's, newest first, paged.
    const everything = await log(admin, { limit: 10 });
    expect(everything.result.total).toBeGreaterThan(seen.result.total);
    expect(everything.result.rows[0]?.uuid).toBe(uuid);
    const times = everything.result.rows.map((r) => r.send_time);
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const page2 = await log(admin, { limit: 10, page: 2 });
    expect(page2.result.rows).toHaveLength(Math.min(10, everything.result.total - 10));
    expect(page2.result.rows.map((r) => r.id)).not.toContain(everything.result.rows[0]?.id);

    const start = nowSeconds() - 40 * 86_400;
    expect((await log(admin, { start_time: start, end_time: nowSeconds() })).code).toBe(1004);
    expect((await log(admin, { start_time: nowSeconds(), end_time: nowSeconds() - 10 })).code).toBe(1004);
    // The export needs the log screen's export bit.
    expect((await dispatcher.get(`/logs/message/export${query(around())}`)).code).toBe(1005);
  });

  it('exports the log as .xlsx in the caller’s language', async () => {
    const pathWithQuery = `${admin.base}/logs/message/export${query({ ...around(), time_zone: 'UTC' })}`;
    const timestamp = String(nowSeconds());
    const response = await fetch(`${admin.baseUrl}${pathWithQuery}`, {
      headers: {
        'accept-language': 'zh-CN',
        token: admin.token,
        timestamp,
        signature: sign(admin.uuid, 'GET', pathWithQuery, timestamp, undefined),
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('消息日志');
    expect(sheet.getRow(1).getCell(1).value).toBe('车辆');
    const total = (await log(admin, {})).result.total;
    expect(sheet.rowCount).toBe(total + 1);
    const texts = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) texts.add(String(row.getCell(2).value));
    });
    expect(texts).toContain('Return to depot');
  });
});
