import type { Jt808Message } from '@headway/protocol';
import { CommandStateCode, TERMINAL_CONTROL } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import { signedInUserWith } from '../../../test/helpers/users.ts';
import type {
  AvCapability,
  CommandOutcome,
  DeviceAttributes,
  DispatchLogRow,
  ParamQueryResult,
} from '../../contract/commands.ts';
import { PermissionBit } from '../../contract/index.ts';
import type { ListResult } from '../../contract/lists.ts';
import type { TestTerminal } from '../../gateway/testing/terminal.ts';
import { commandDb } from '../schema.ts';
import { targetByImei } from '../target.ts';
import { queueCommand } from './exchange.ts';
import {
  answerCommands,
  TERMINAL_ATTRIBUTES,
  TERMINAL_AV,
  type TerminalBehaviour,
} from './testing/answering-terminal.ts';
import { type CommandServer, startCommandServer, withData } from './testing/server.ts';

// The command window's terminal calls end to end: HTTP → API → gateway → a real TCP terminal → reply → HTTP, with
// every command in the dispatch log.

const TIMEOUT_MS = 1200;

describe.each(ENGINES)('device commands on %s', (engine) => {
  let server: CommandServer;
  let admin: HeadwayClient;
  let terminal: TestTerminal;
  let device: TerminalBehaviour;

  beforeAll(async () => {
    server = await startCommandServer(engine, { commandTimeoutMs: TIMEOUT_MS });
    admin = await server.admin();
    terminal = await server.connect(server.fleet.bus1.phone);
    device = answerCommands(terminal);
  });
  afterAll(async () => {
    await server?.close();
  });

  const imei = () => server.fleet.bus1.imei;

  it('reads the attributes and the audio/video capability, decoded', async () => {
    const dev = await admin.get<DeviceAttributes>(withData('/jtt1078/property/dev', { imei: imei(), target: '' }));
    expect(dev.code).toBe(0);
    expect(dev.result).toEqual({
      devtype: TERMINAL_ATTRIBUTES.terminalType,
      producer: TERMINAL_ATTRIBUTES.maker,
      firmware: TERMINAL_ATTRIBUTES.fwVersion,
      devmodel: TERMINAL_ATTRIBUTES.model,
      devgid: TERMINAL_ATTRIBUTES.terminalId,
      iccid: TERMINAL_ATTRIBUTES.iccid,
      hardware: TERMINAL_ATTRIBUTES.hwVersion,
      gnss: TERMINAL_ATTRIBUTES.gnssAttr,
      cn: TERMINAL_ATTRIBUTES.commAttr,
    });
    const av = await admin.get<AvCapability>(withData('/jtt1078/property/av', { imei: imei() }));
    expect(av.code).toBe(0);
    expect(av.result).toEqual({
      audio_encode: 6,
      audio_channel: 1,
      audio_sampling: 0,
      audio_sampling_bit: 1,
      frame_length: 320,
      audio_output: 1,
      video_encode: TERMINAL_AV.videoCodec,
      max_audio: 2,
      max_video: 4,
    });
  });

  it('reads every parameter, or the selected ones with 19 bringing its port 24', async () => {
    const all = await admin.get<ParamQueryResult>(withData('/jtt1078/param/qry', { imei: imei() }));
    expect(all.code).toBe(0);
    expect(device.seen.at(-1)?.msgId).toBe(0x8104);
    expect(all.result.params).toEqual(
      expect.arrayContaining([
        { id: 1, value: 30 },
        { id: 0x83, value: '粤B12345' },
        // A structured (JT/T 1078) parameter travels as hex text.
        { id: 0x75, value: '010203fe' },
      ]),
    );
    const some = await admin.get<ParamQueryResult>(withData('/jtt1078/param/qry', { imei: imei(), params: [19] }));
    expect(some.code).toBe(0);
    const query = device.seen.at(-1);
    expect(query?.msgId === 0x8106 && query.body.ids).toEqual([19, 24]);
    expect(some.result.params).toEqual([
      { id: 19, value: '10.0.0.1' },
      { id: 24, value: 7611 },
    ]);
  });

  it('writes parameters in wire units (91 and 128 ×10) and reads them back', async () => {
    const params = [
      { id: 1, value: 45 },
      { id: 91, value: 150 },
      { id: 128, value: 12_345 },
      { id: 19, value: ' 192.168.1.20 ' },
    ];
    const set = await admin.get<CommandOutcome>(withData('/jtt1078/param/set', { imei: imei(), params }));
    expect(set.code).toBe(0);
    expect(set.result.state).toBe(CommandStateCode.replied);
    const sent = device.seen.at(-1);
    expect(sent?.msgId === 0x8103 && sent.body.params).toEqual([
      { id: 1, value: 45 },
      { id: 91, value: 150 },
      { id: 128, value: 12_345 },
      { id: 19, value: '192.168.1.20' },
    ]);
    const back = await admin.get<ParamQueryResult>(
      withData('/jtt1078/param/qry', { imei: imei(), params: [1, 91, 128] }),
    );
    expect(back.result.params).toEqual([
      { id: 1, value: 45 },
      { id: 91, value: 150 },
      { id: 128, value: 12_345 },
    ]);
    const row = await commandDb(server.store.db)
      .selectFrom('dispatch_log')
      .selectAll()
      .where('id', '=', set.result.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ command: 0x8103, action: 'params-write', state: 2, result: 0, account: 'admin' });
    expect(JSON.parse(row.request)).toMatchObject({ imei: imei(), params });
    expect(row.reply_time).not.toBeNull();
  });

  it('refuses values outside the spec rule or the standard type with 1004 naming the id, sending nothing', async () => {
    const before = device.seen.length;
    const refusal = async (params: { id: number; value: number | string }[]) =>
      admin.get<{ id?: number; reason?: string; field?: string }>(
        withData('/jtt1078/param/set', { imei: imei(), params }),
      );
    // id 1: 5–86400.
    expect((await refusal([{ id: 1, value: 4 }])).result).toMatchObject({ field: 'params', id: 1, reason: 'range' });
    // id 91: shown ÷10 must be an integer 0–200.
    expect((await refusal([{ id: 91, value: 2010 }])).result).toMatchObject({ id: 91, reason: 'range' });
    expect((await refusal([{ id: 91, value: 15 }])).result).toMatchObject({ id: 91, reason: 'integer' });
    // id 128: one decimal shown, at most 1,000,000 km.
    expect((await refusal([{ id: 128, value: 10_000_001 }])).result).toMatchObject({ id: 128, reason: 'range' });
    // id 19: dotted IPv4.
    expect((await refusal([{ id: 19, value: '300.1.1.1' }])).result).toMatchObject({ id: 19, reason: 'ipv4' });
    // The standard's widths: plate colour is a BYTE, province a WORD; text at most 255 GBK bytes.
    expect((await refusal([{ id: 0x84, value: 256 }])).result).toMatchObject({ id: 0x84, reason: 'range' });
    expect((await refusal([{ id: 0x81, value: 70_000 }])).result).toMatchObject({ id: 0x81, reason: 'range' });
    expect((await refusal([{ id: 0x83, value: '中'.repeat(130) }])).result).toMatchObject({
      id: 0x83,
      reason: 'length',
    });
    expect((await refusal([{ id: 0x75, value: 'xyz' }])).result).toMatchObject({ id: 0x75, reason: 'hex' });
    // One bad value refuses the whole batch.
    const mixed = await refusal([
      { id: 1, value: 60 },
      { id: 85, value: 201 },
    ]);
    expect(mixed.code).toBe(1004);
    expect(mixed.result).toMatchObject({ id: 85 });
    expect(device.seen.length).toBe(before);
    expect(device.params.get(1)).toBe(45);
  });

  it('answers 1004 for a data parameter that is not JSON or breaks the schema', async () => {
    const notJson = await admin.get<{ field: string }>('/jtt1078/param/qry?data=%7Bimei');
    expect(notJson.code).toBe(1004);
    expect(notJson.result.field).toBe('data');
    const missing = await admin.get<{ field: string }>(withData('/jtt1078/param/set', { imei: imei() }));
    expect(missing.code).toBe(1004);
    expect(missing.result.field).toBe('data.params');
    const noData = await admin.get('/jtt1078/property/dev');
    expect(noData.code).toBe(1004);
  });

  it('reports a refusal of the terminal as 1101 with its result, logged as refused', async () => {
    device.generalResult = 1;
    try {
      const set = await admin.get<{ result: number }>(
        withData('/jtt1078/param/set', { imei: imei(), params: [{ id: 1, value: 60 }] }),
      );
      expect(set.code).toBe(1101);
      expect(set.result).toMatchObject({ replyMsgId: 0x0001, result: 1 });
    } finally {
      device.generalResult = 0;
    }
    const row = await commandDb(server.store.db)
      .selectFrom('dispatch_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ command: 0x8103, state: CommandStateCode.refused, result: 1 });
  });

  it('reboots (GET and POST) and asks for the log, each logged', async () => {
    const get = await admin.get<CommandOutcome>(withData('/jtt1078/reboot', { imei: imei() }));
    expect(get.code).toBe(0);
    const reboot = device.seen.at(-1);
    expect(reboot?.msgId === 0x8105 && reboot.body.command).toBe(TERMINAL_CONTROL.reboot);
    const post = await admin.post<CommandOutcome>('/dispatch/reboot', { imei: imei() });
    expect(post.code).toBe(0);
    const log = await admin.get<CommandOutcome>(withData('/jtt1078/log', { imei: imei() }));
    expect(log.code).toBe(0);
    const word = device.seen.at(-1);
    expect(word?.msgId === 0x8105 && word.body.command).toBe(TERMINAL_CONTROL.log);
    const rows = await commandDb(server.store.db)
      .selectFrom('dispatch_log')
      .select(['action', 'command', 'state'])
      .where('id', 'in', [get.result.id, post.result.id, log.result.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'reboot', command: 0x8105, state: 2 },
      { action: 'reboot', command: 0x8105, state: 2 },
      { action: 'log', command: 0x8105, state: 2 },
    ]);
  });

  it('sends a queued write at once when its terminal came online between the check and the queueing', async () => {
    // The route saw the terminal offline and queues; by the insert the terminal is online and its attach has
    // delivered the (then empty) queue. The queueing claims the row itself and sends it.
    const caller = { companyId: server.demoCompanyId, userId: 1, account: 'admin' };
    const ctx = { db: server.store.db, clock: server.clock, router: server.app.commandRouter, caller };
    const target = await targetByImei(server.store.db, caller, imei());
    const message: Jt808Message = { msgId: 0x8103, body: { params: [{ id: 1, value: 25 }] } };
    const outcome = await queueCommand(
      ctx,
      { target, message, action: 'params-write', request: {} },
      { expire_hours: 1 },
    );
    expect(outcome.state).toBe(CommandStateCode.sent);
    const settled = async () =>
      (
        await commandDb(server.store.db)
          .selectFrom('dispatch_log')
          .select('state')
          .where('id', '=', outcome.id)
          .executeTakeFirstOrThrow()
      ).state;
    await expect.poll(settled).toBe(CommandStateCode.replied);
    expect(device.params.get(1)).toBe(25);
  });

  it('answers 1101 at once for an offline terminal, or queues a write when asked', async () => {
    const bus2 = server.fleet.bus2.imei;
    const started = Date.now();
    const offline = await admin.get(withData('/jtt1078/property/dev', { imei: bus2 }));
    expect(offline.code).toBe(1101);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);

    const queued = await admin.get<CommandOutcome>(
      withData('/jtt1078/param/set', { imei: bus2, params: [{ id: 1, value: 20 }], queue: { expire_hours: 4 } }),
    );
    expect(queued.code).toBe(0);
    expect(queued.result.state).toBe(CommandStateCode.queued);
    const row = await commandDb(server.store.db)
      .selectFrom('dispatch_log')
      .selectAll()
      .where('id', '=', queued.result.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe(0);
    expect(Number(row.expire_time) - Number(row.send_time)).toBe(4 * 3600);
    expect(JSON.parse(row.payload ?? '{}')).toMatchObject({ msgId: 0x8103, body: { params: [{ id: 1, value: 20 }] } });
    const unreachable = await commandDb(server.store.db)
      .selectFrom('dispatch_log')
      .select(['state', 'result'])
      .where('imei', '=', bus2)
      .where('command', '=', 0x8107)
      .executeTakeFirstOrThrow();
    expect(unreachable).toEqual({ state: CommandStateCode.unreachable, result: 1101 });
  });

  it('answers 1101 when a connected terminal stays silent past the timeout', async () => {
    const silent = await server.connect(server.fleet.bus2.phone);
    const started = Date.now();
    const reply = await admin.get(withData('/jtt1078/property/av', { imei: server.fleet.bus2.imei }));
    expect(reply.code).toBe(1101);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    silent.close();
  });

  it('lets a view-only user read but not write (1005), and finds no other company’s vehicle (1008)', async () => {
    const viewer = await signedInUserWith(server, admin, `viewer-${engine}`, {
      MonitoringMap: PermissionBit.view,
    });
    const read = await viewer.get(withData('/jtt1078/param/qry', { imei: imei(), params: [1] }));
    expect(read.code).toBe(0);
    const write = await viewer.get(withData('/jtt1078/param/set', { imei: imei(), params: [{ id: 1, value: 60 }] }));
    expect(write.code).toBe(1005);
    expect((await viewer.post('/dispatch/reboot', { imei: imei() })).code).toBe(1005);
    const foreign = await admin.get(withData('/jtt1078/property/dev', { imei: server.fleet.other.imei }));
    expect(foreign.code).toBe(1008);
  });

  it('lists the command log newest first, scoped by company, over at most 31 days', async () => {
    const now = Math.floor(server.clock.now() / 1000);
    const span = { start_time: now - 3600, end_time: now + 60 };
    const listed = await admin.get<ListResult<DispatchLogRow>>(
      `/logs/dispatch?start_time=${span.start_time}&end_time=${span.end_time}&limit=50`,
    );
    expect(listed.code).toBe(0);
    expect(listed.result.total).toBeGreaterThanOrEqual(10);
    const ids = listed.result.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(listed.result.rows[0]).toMatchObject({ car_name: expect.any(String), account: expect.any(String) });
    expect(listed.result.rows.every((r) => r.imei !== server.fleet.other.imei)).toBe(true);

    const writes = await admin.post<ListResult<DispatchLogRow>>('/logs/dispatch', {
      ...span,
      command: 0x8103,
      car_id: server.fleet.bus1.carId,
    });
    expect(writes.code).toBe(0);
    expect(writes.result.rows.length).toBeGreaterThan(0);
    expect(writes.result.rows.every((r) => r.command === 0x8103 && r.car_id === server.fleet.bus1.carId)).toBe(true);
    expect(writes.result.rows[0]).toMatchObject({ action: 'params-write', send_time: expect.any(Number) });

    const other = await server.admin('other');
    const theirs = await other.post<ListResult<DispatchLogRow>>('/logs/dispatch', span);
    expect(theirs.code).toBe(0);
    expect(theirs.result).toEqual({ total: 0, rows: [] });

    const tooLong = await admin.post('/logs/dispatch', { start_time: now - 32 * 86_400, end_time: now });
    expect(tooLong.code).toBe(1004);
    const backwards = await admin.post('/logs/dispatch', { start_time: now, end_time: now - 1 });
    expect(backwards.code).toBe(1004);
  });

  it('exports the command log as a spreadsheet', async () => {
    const now = Math.floor(server.clock.now() / 1000);
    const response = await server.fetchRaw(
      admin,
      `/logs/dispatch/export?start_time=${now - 3600}&end_time=${now + 60}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = new Uint8Array(await response.arrayBuffer());
    // An .xlsx is a zip: "PK".
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]);
  });
});
