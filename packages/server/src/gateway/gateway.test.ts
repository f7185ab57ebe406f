import { encodeMessage } from '@headway/protocol';
import { TextFlagMask } from '@headway/spec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import { isApiError } from '../kernel/errors.ts';
import { trackDb } from '../tracks/schema.ts';
import type { Gateway } from './gateway.ts';
import { queryParams } from './terminal-commands.ts';
import { busFix, seedDevices, startTestGateway } from './testing/fixture.ts';
import { TestTerminal } from './testing/terminal.ts';

const PHONE = '013800138000';
const OTHER = '013800138001';

describe.each(ENGINES)('gateway over TCP on %s', (engine) => {
  let t: TestStore;
  let gateway: Gateway;
  let companyId: number;
  let vehicleId: number | undefined;
  const terminals: TestTerminal[] = [];

  async function terminal(phone = PHONE): Promise<TestTerminal> {
    const term = await TestTerminal.connect(gateway.ports.jt808, phone);
    terminals.push(term);
    return term;
  }

  async function online(phone = PHONE): Promise<TestTerminal> {
    const term = await terminal(phone);
    const reg = await term.register();
    expect(reg.result).toBe(0);
    expect(await term.authenticate(reg.token ?? '')).toBe(0);
    return term;
  }

  const rows = (phone = PHONE) =>
    trackDb(t.store.db).selectFrom('positions').selectAll().where('terminal_phone', '=', phone).execute();

  beforeEach(async () => {
    t = await createTestStore(engine);
    ({ companyId, vehicleId } = await seedDevices(t.store, [PHONE, OTHER], { plate: '粤B12345' }));
    gateway = await startTestGateway(t.store);
  });

  afterEach(async () => {
    for (const term of terminals.splice(0)) term.close();
    await gateway.stop();
    await t.drop();
  });

  it('registers, authenticates, and acks a report only once its row is committed', async () => {
    const term = await online();
    const now = Math.floor(Date.now() / 1000);
    const flowId = term.send({ msgId: 0x0200, body: busFix(now) });
    const ack = await term.ackOf(flowId);
    // The row must already be there when the ack arrives.
    const stored = await rows();
    expect(ack.body).toMatchObject({ replyMsgId: 0x0200, result: 0 });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      company_id: companyId,
      vehicle_id: vehicleId,
      speed: 32.5,
      azimuth: 90,
      altitude: 12,
      mileage: 1234.5,
      state: 3,
      warning: 0,
      event_time: now,
    });
    expect(stored[0]?.lat).toBeCloseTo(22.543, 6);
    expect(JSON.parse(stored[0]?.attached ?? '{}')).toMatchObject({ satellites: 11, signal: 25 });
    expect(gateway.latestPosition(PHONE)?.eventTime).toBe(now);
    const device = await trackDb(t.store.db)
      .selectFrom('devices')
      .select(['online', 'auth_code'])
      .where('terminal_phone', '=', PHONE)
      .executeTakeFirstOrThrow();
    expect(device.online).toBe(1);
  });

  /** A 2019 device registered under `phone` reports once over TCP; its position is stored under that phone. */
  async function reports2019(phone: string, imei: string): Promise<void> {
    await trackDb(t.store.db)
      .insertInto('devices')
      .values({
        company_id: companyId,
        terminal_phone: phone,
        imei,
        protocol_version: '2019',
        device_type: '',
        sim: '',
        created_at: 0,
      })
      .execute();
    const term = await TestTerminal.connect(gateway.ports.jt808, phone, 2019);
    terminals.push(term);
    const reg = await term.register();
    expect(reg.result).toBe(0);
    expect(await term.authenticate(reg.token ?? '')).toBe(0);
    const now = Math.floor(Date.now() / 1000);
    await term.ackOf(term.send({ msgId: 0x0200, body: busFix(now) }));
    expect((await rows(phone)).map((r) => r.event_time)).toEqual([now]);
  }

  it('stores a 2019 terminal’s positions under the registry’s phone, not the 20 padded digits it sends', async () => {
    await reports2019('13912340000', 'IMEI2019');
    expect(gateway.latestPosition('13912340000')?.terminalPhone).toBe('13912340000');
  });

  it('accepts a 2019 terminal whose phone the console holds in the 12-digit form (013…)', async () => {
    // It sends 00000000013912340001: neither the registry's 12 digits nor the zeros stripped.
    await reports2019('013912340001', 'IMEI2019B');
  });

  it('holds the ack while the writer is held, and publishes the batch after the commit', async () => {
    const term = await online();
    const published: number[] = [];
    gateway.onPositions((batch) => published.push(batch.length));
    const release = gateway.writer.hold();
    const flowId = term.send({ msgId: 0x0200, body: busFix(Math.floor(Date.now() / 1000)) });
    await expect(term.ackOf(flowId, 300)).rejects.toThrow();
    expect(await rows()).toHaveLength(0);
    expect(published).toEqual([]);
    release();
    await term.ackOf(flowId);
    expect(await rows()).toHaveLength(1);
    expect(published).toEqual([1]);
  });

  it('answers an unknown terminal with 0x8100 result 4', async () => {
    const term = await terminal('013999999999');
    expect(await term.register()).toEqual({ result: 4 });
  });

  it('refuses with result 3 a plate whose vehicle another terminal holds', async () => {
    const term = await terminal(OTHER);
    expect((await term.register('粤B12345')).result).toBe(3);
  });

  it('fails a wrong auth code with 0x8001 result 1 and closes', async () => {
    const term = await terminal();
    await term.register();
    expect(await term.authenticate('not-the-code')).toBe(1);
    await term.waitClosed();
  });

  it('refuses reports before authentication', async () => {
    const term = await terminal();
    const flowId = term.send({ msgId: 0x0200, body: busFix(Math.floor(Date.now() / 1000)) });
    expect((await term.ackOf(flowId)).body.result).toBe(1);
    expect(await rows()).toHaveLength(0);
  });

  it('stores every item of a 0x0704 batch under one ack', async () => {
    const term = await online();
    const now = Math.floor(Date.now() / 1000);
    const locations = [0, 1, 2, 3, 4].map((i) => busFix(now - 50 + i * 10, i));
    const flowId = term.send({ msgId: 0x0704, body: { type: 1, locations } });
    await term.ackOf(flowId);
    expect((await rows()).map((r) => r.event_time).sort()).toEqual([now - 50, now - 40, now - 30, now - 20, now - 10]);
  });

  it('round-trips a parameter query (0x8106 → 0x0104) matched by flow id', async () => {
    const term = await online();
    term.onMessage = (m) => {
      if (m.msgId !== 0x8106) return;
      term.send({
        msgId: 0x0104,
        body: {
          replyFlowId: m.header.flowId,
          paramCount: 2,
          params: [
            { id: 0x0001, value: 30 },
            { id: 0x0029, value: 10 },
          ],
        },
      });
    };
    const answer = await queryParams(gateway, PHONE, [0x0001, 0x0029]);
    expect(answer.params).toEqual([
      expect.objectContaining({ id: 0x0001, value: 30 }),
      expect.objectContaining({ id: 0x0029, value: 10 }),
    ]);
  });

  it('fails a command with 1101 for an offline terminal and, after the timeout, for a silent one', async () => {
    const offline = await gateway.sendCommand(PHONE, { msgId: 0x8107, body: {} }).catch((e: unknown) => e);
    expect(isApiError(offline) && offline.code).toBe(1101);
    await online();
    const started = Date.now();
    const silent = await gateway
      .sendCommand(PHONE, { msgId: 0x8300, body: { flag: TextFlagMask.tts, text: 'hello' } }, { timeoutMs: 200 })
      .catch((e: unknown) => e);
    expect(isApiError(silent) && silent.code).toBe(1101);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('handles glued frames, a frame split into single bytes, and garbage between frames', async () => {
    const term = await online();
    const now = Math.floor(Date.now() / 1000);
    const a = term.encode({ msgId: 0x0200, body: busFix(now - 2) });
    const b = term.encode({ msgId: 0x0200, body: busFix(now - 1) });
    term.write(Buffer.concat([a.bytes, b.bytes] as Uint8Array[]));
    const c = term.encode({ msgId: 0x0200, body: busFix(now) });
    for (const byte of c.bytes) {
      term.write(Uint8Array.of(byte));
      await new Promise((r) => setImmediate(r));
    }
    const d = term.encode({ msgId: 0x0002, body: {} });
    term.write(Buffer.concat([Buffer.from('deadbeef00', 'hex'), Buffer.from('7e0102030405067e', 'hex'), d.bytes]));
    await Promise.all([term.ackOf(a.flowId), term.ackOf(b.flowId), term.ackOf(c.flowId), term.ackOf(d.flowId)]);
    expect(await rows()).toHaveLength(3);
    expect(term.closed).toBe(false);
  });

  it('closes a connection that floods garbage', async () => {
    const term = await online();
    const junk = Buffer.alloc(64 * 1024, 0x41);
    for (let i = 0; i < 4; i++) junk[i * 4096] = 0x7e;
    term.write(junk);
    await term.waitClosed();
    expect(gateway.metrics.closedForGarbage).toBe(1);
  });

  it('keeps another terminal reporting while one sends bad frames and garbage', async () => {
    const healthy = await online(OTHER);
    const broken = await online();
    const now = Math.floor(Date.now() / 1000);
    const bad = encodeMessage({ msgId: 0x0200, body: busFix(now) }, { version: 2013, phone: PHONE, flowId: 9 });
    bad[bad.length - 2] = (bad[bad.length - 2] ?? 0) ^ 0x01;
    broken.write(bad);
    const junk = Buffer.alloc(64 * 1024, 0x41);
    for (let i = 0; i < 4; i++) junk[i * 4096] = 0x7e;
    broken.write(junk);
    const flowIds = [0, 1, 2].map((i) => healthy.send({ msgId: 0x0200, body: busFix(now + i) }));
    for (const flowId of flowIds) expect((await healthy.ackOf(flowId)).body).toMatchObject({ result: 0 });
    await broken.waitClosed();
    expect(healthy.closed).toBe(false);
    expect((await rows(OTHER)).map((r) => r.event_time).sort()).toEqual([now, now + 1, now + 2]);
    expect(await rows(PHONE)).toHaveLength(0);
  });

  it('replaces the first connection when the terminal connects again', async () => {
    const first = await online();
    const second = await terminal();
    const token = (await second.register()).token ?? '';
    expect(await second.authenticate(token)).toBe(0);
    await first.waitClosed();
    expect(gateway.isOnline(PHONE)).toBe(true);
    const flowId = second.send({ msgId: 0x0200, body: busFix(Math.floor(Date.now() / 1000)) });
    await second.ackOf(flowId);
    expect(gateway.metrics.replacedSessions).toBe(1);
  });

  it('answers an unknown message id with result 3 and a bad frame with nothing fatal', async () => {
    const term = await online();
    const bytes = encodeMessage({ msgId: 0x0002, body: {} }, { version: 2013, phone: PHONE, flowId: 77 });
    bytes[bytes.length - 2] = (bytes[bytes.length - 2] ?? 0) ^ 0x01; // break the check code
    term.write(bytes);
    const flowId = term.send({ msgId: 0x0002, body: {} });
    await term.ackOf(flowId);
    expect(gateway.metrics.decodeErrors.get('BAD_CHECKSUM')).toBe(1);
  });
});
