import type { Jt808Message } from '@headway/protocol';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import type { Gateway } from '../gateway/gateway.ts';
import { seedDevices, startTestGateway } from '../gateway/testing/fixture.ts';
import { type Received, TestTerminal } from '../gateway/testing/terminal.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { insertDispatchRow } from './log/dispatch-log.ts';
import { insertMessageRow } from './log/message-log.ts';
import { QueueDelivery } from './queue/delivery.ts';
import { expireQueued } from './queue/expiry.ts';
import { commandDb } from './schema.ts';
import { encodeWire } from './wire.ts';

// Commands and texts queued for an offline terminal (state 0) reach it when it authenticates: in order, once each,
// with their rows settled from its replies; expired ones never, and the sweep marks them expired.

const PHONE = '013900000001';
const logger = pino({ level: 'silent' });
const now = () => Math.floor(Date.now() / 1000);

async function until<T>(probe: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(ENGINES)('queued commands (%s)', (engine) => {
  let db: TestStore;
  let gateway: Gateway;
  let companyId: number;
  let deviceId: number;
  const terminals: TestTerminal[] = [];
  const deliveries: QueueDelivery[] = [];

  beforeEach(async () => {
    db = await createTestStore(engine);
    gateway = await startTestGateway(db.store);
    const seeded = await seedDevices(db.store, [PHONE], { plate: 'Q-1' });
    companyId = seeded.companyId;
    deviceId = seeded.deviceIds[0] ?? 0;
  });
  afterEach(async () => {
    for (const t of terminals.splice(0)) t.close();
    for (const d of deliveries.splice(0)) d.stop();
    await gateway.stop();
    await db.drop();
  });

  function startDelivery(timeoutMs = 2000): QueueDelivery {
    const delivery = new QueueDelivery(db.store.db, gateway, logger, { timeoutMs });
    delivery.start();
    deliveries.push(delivery);
    return delivery;
  }

  function queueText(msg: string, queuedAt: number, expireTime: number | null = queuedAt + 3600) {
    return insertMessageRow(db.store.db, {
      company_id: companyId,
      uuid: `u-${msg}`,
      vehicle_id: null,
      device_id: deviceId,
      car_name: 'Bus 1',
      terminal_phone: PHONE,
      msg,
      flag: 0x0c,
      target: '',
      user_id: null,
      account: 'dispatcher',
      send_time: queuedAt,
      send_state: 0,
      reply_time: null,
      expire_time: expireTime,
    });
  }

  function queueCommand(message: Jt808Message, queuedAt: number, expireTime: number | null = queuedAt + 3600) {
    return insertDispatchRow(db.store.db, {
      company_id: companyId,
      vehicle_id: null,
      device_id: deviceId,
      car_name: 'Bus 1',
      imei: PHONE,
      terminal_phone: PHONE,
      user_id: null,
      account: 'technician',
      command: message.msgId,
      action: 'param-set',
      request: '{}',
      payload: encodeWire(message),
      state: 0,
      result: null,
      send_time: queuedAt,
      reply_time: null,
      expire_time: expireTime,
    });
  }

  const texts = () =>
    commandDb(db.store.db)
      .selectFrom('message_log')
      .select(['id', 'send_state', 'send_time', 'reply_time'])
      .orderBy('id')
      .execute();
  const commands = () =>
    commandDb(db.store.db)
      .selectFrom('dispatch_log')
      .select(['id', 'state', 'result', 'payload', 'reply_time'])
      .orderBy('id')
      .execute();

  /** A terminal that authenticates and answers each platform command with `answer(message)` (undefined: silent). */
  async function connect(answer: (m: Received, t: TestTerminal) => number | undefined): Promise<Received[]> {
    const terminal = await TestTerminal.connect(gateway.ports.jt808, PHONE);
    terminals.push(terminal);
    const seen: Received[] = [];
    terminal.onMessage = (m) => {
      if (m.msgId !== 0x8300 && m.msgId !== 0x8103) return;
      seen.push(m);
      const result = answer(m, terminal);
      if (result !== undefined && !terminal.closed) {
        terminal.send({
          msgId: 0x0001,
          body: { replyFlowId: m.header.flowId, replyMsgId: m.msgId, result },
        });
      }
    };
    const { token } = await terminal.register('Q-1');
    expect(await terminal.authenticate(token ?? '')).toBe(0);
    return seen;
  }

  it('delivers on connect in queue order, settles each row from its reply, and skips the expired', async () => {
    const t = now();
    const first = await queueText('return to depot', t - 30);
    const write = await queueCommand({ msgId: 0x8103, body: { params: [{ id: 0x0001, value: 15 }] } }, t - 20);
    const refused = await queueText('refuse me', t - 10);
    const expiredText = await queueText('too late', t - 40, t - 1);
    const expiredWrite = await queueCommand({ msgId: 0x8103, body: { params: [{ id: 0x0001, value: 5 }] } }, t - 40, t);
    const delivery = startDelivery();

    const seen = await connect((m) => (m.msgId === 0x8300 && m.body.text === 'refuse me' ? 1 : 0));
    await until(async () => ((await texts()).find((r) => r.id === refused)?.send_state === 3 ? true : undefined));
    await delivery.idle();

    expect(seen.map((m) => (m.msgId === 0x8300 ? m.body.text : m.msgId))).toEqual([
      'return to depot',
      0x8103,
      'refuse me',
    ]);
    const [sentText] = seen;
    expect(sentText?.msgId === 0x8300 && sentText.body.flag).toBe(0x0c);

    const messageRows = new Map((await texts()).map((r) => [r.id, r]));
    expect(messageRows.get(first)).toMatchObject({ send_state: 2 });
    expect(messageRows.get(first)?.reply_time).toBeGreaterThanOrEqual(t);
    expect(messageRows.get(first)?.send_time).toBeGreaterThanOrEqual(t);
    expect(messageRows.get(refused)).toMatchObject({ send_state: 3 });
    expect(messageRows.get(expiredText)).toMatchObject({ send_state: 0, send_time: t - 40 });
    const commandRows = new Map((await commands()).map((r) => [r.id, r]));
    expect(commandRows.get(write)).toMatchObject({ state: 2, result: 0, payload: null });
    expect(commandRows.get(expiredWrite)).toMatchObject({ state: 0, result: null });

    // The sweep: only the rows whose expiry passed, once.
    expect(await expireQueued(db.store.db, now())).toEqual({ messages: 1, commands: 1 });
    expect(await expireQueued(db.store.db, now())).toEqual({ messages: 0, commands: 0 });
    expect((await texts()).find((r) => r.id === expiredText)?.send_state).toBe(5);
    expect((await commands()).find((r) => r.id === expiredWrite)).toMatchObject({ state: 5, payload: null });
  });

  it('delivers each row exactly once when two deliveries race for one terminal', async () => {
    const t = now();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await queueText(`notice ${i}`, t - 60 + i));
    const a = startDelivery();
    const b = startDelivery();

    const seen = await connect(() => 0);
    await until(async () => ((await texts()).every((r) => r.send_state === 2) ? true : undefined));
    await Promise.all([a.idle(), b.idle()]);
    // Nothing was left to a third attempt either.
    expect(await a.deliver(PHONE, deviceId)).toBe(0);

    const delivered = seen.map((m) => (m.msgId === 0x8300 ? m.body.text : ''));
    expect([...delivered].sort()).toEqual(ids.map((_, i) => `notice ${i}`));
  });

  it('marks an unanswered row not reachable and keeps the rest queued once the terminal is gone', async () => {
    const t = now();
    const answered = await queueText('one', t - 30);
    const dropped = await queueText('two', t - 20);
    const waiting = await queueText('three', t - 10);
    const silentWrite = await queueCommand({ msgId: 0x8103, body: { params: [{ id: 0x0001, value: 20 }] } }, t - 25);
    const delivery = startDelivery(300);

    await connect((m, terminal) => {
      if (m.msgId === 0x8103) return undefined; // silent: the command times out
      if (m.msgId === 0x8300 && m.body.text === 'two') {
        terminal.close(); // gone before answering
        return undefined;
      }
      return 0;
    });
    await until(async () => ((await texts()).find((r) => r.id === dropped)?.send_state === 4 ? true : undefined));
    await delivery.idle();

    const messageRows = new Map((await texts()).map((r) => [r.id, r]));
    expect(messageRows.get(answered)?.send_state).toBe(2);
    expect(messageRows.get(dropped)).toMatchObject({ send_state: 4, reply_time: null });
    expect(messageRows.get(waiting)).toMatchObject({ send_state: 0, send_time: t - 10 });
    expect((await commands()).find((r) => r.id === silentWrite)).toMatchObject({
      state: 4,
      result: ErrorCode.processing,
      reply_time: null,
    });

    // Reconnecting delivers what was left, and only that.
    const seen = await connect(() => 0);
    await until(async () => ((await texts()).find((r) => r.id === waiting)?.send_state === 2 ? true : undefined));
    await delivery.idle();
    expect(seen.map((m) => (m.msgId === 0x8300 ? m.body.text : m.msgId))).toEqual(['three']);
  });
});
