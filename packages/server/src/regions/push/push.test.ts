import { epochToLocalTime, makeLocation } from '@headway/protocol';
import { CommandStateCode, WarningMask } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import { type CommandServer, startCommandServer } from '../../commands/device/testing/server.ts';
import { commandDb } from '../../commands/schema.ts';
import type { RegionPushResult, RegionPushRow } from '../../contract/region-pushes.ts';
import type { VehicleLiveResult } from '../../contract/vehicles.ts';
import type { Received, TestTerminal } from '../../gateway/testing/terminal.ts';
import { regionDb } from '../schema.ts';

// Regions on the terminals end to end: HTTP → API → gateway → a real TCP terminal → 0x0001 → region_pushes and
// the dispatch log; then the terminal's own in/out report (0x0200 item 0x12) reaching the live real_data.

const TIMEOUT_MS = 1000;

describe.each(ENGINES)('region push on %s', (engine) => {
  let server: CommandServer;
  let admin: HeadwayClient;
  let terminal: TestTerminal;
  const seen: Received[] = [];
  /** The 0x0001 result the terminal answers region commands with. */
  let answer = 0;
  const regions: Record<'polygon' | 'circle' | 'poi' | 'other', number> = { polygon: 0, circle: 0, poi: 0, other: 0 };

  beforeAll(async () => {
    server = await startCommandServer(engine, { commandTimeoutMs: TIMEOUT_MS });
    admin = await server.admin();
    terminal = await server.connect(server.fleet.bus1.phone);
    terminal.onMessage = (m) => {
      if (m.msgId < 0x8600 || m.msgId > 0x8607) return;
      seen.push(m);
      terminal.send({ msgId: 0x0001, body: { replyFlowId: m.header.flowId, replyMsgId: m.msgId, result: answer } });
    };
    const insert = async (companyId: number, region_type: number, region_point: string) => {
      const row = await regionDb(server.store.db)
        .insertInto('regions')
        .values({
          company_id: companyId,
          region_name: `R${region_type}`,
          region_type,
          region_point,
          created_at: 1,
          updated_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const demo = server.demoCompanyId;
    regions.polygon = await insert(demo, 3, '22.55,114.05|22.55,114.07|22.53,114.07|22.53,114.05');
    regions.circle = await insert(demo, 1, '22.543,114.057,300');
    regions.poi = await insert(demo, 0, '22.543,114.057');
    regions.other = await insert(server.otherCompanyId, 3, '22.55,114.05|22.55,114.07|22.53,114.07');
  });
  afterAll(async () => {
    await server?.close();
  });

  const push = (path: 'push' | 'unpush', region_id: number, car_list: number[]) =>
    admin.post<RegionPushResult>(`/basic/region/${path}`, { region_id, car_list });

  it('pushes a polygon as 0x8604 with the region id and records the acknowledgement', async () => {
    const { bus1 } = server.fleet;
    const res = await push('push', regions.polygon, [bus1.carId]);
    expect(res.code).toBe(0);
    expect(res.result.rows).toEqual([
      { car_id: bus1.carId, car_name: 'Bus 1', state: CommandStateCode.replied, result: 0 },
    ]);
    const sent = seen.at(-1);
    expect(sent?.msgId).toBe(0x8604);
    if (sent?.msgId !== 0x8604) throw new Error('unreachable');
    expect(sent.body.id).toBe(regions.polygon);
    expect(sent.body.attr).toBe(0);
    expect(sent.body.vertices).toEqual([
      { lat: 22.55, lng: 114.05 },
      { lat: 22.55, lng: 114.07 },
      { lat: 22.53, lng: 114.07 },
      { lat: 22.53, lng: 114.05 },
    ]);
    const stored = await regionDb(server.store.db)
      .selectFrom('region_pushes')
      .selectAll()
      .where('region_id', '=', regions.polygon)
      .execute();
    expect(stored.map((r) => [Number(r.area_id), r.command, r.state, r.result, r.account])).toEqual([
      [regions.polygon, 0x8604, 2, 0, 'admin'],
    ]);
    const logged = await commandDb(server.store.db)
      .selectFrom('dispatch_log')
      .select(['action', 'command', 'state'])
      .where('command', '=', 0x8604)
      .execute();
    expect(logged).toEqual([{ action: 'region-push', command: 0x8604, state: 2 }]);
  });

  it('records a refusal (3, the result byte) and an unreachable terminal (4, 1101) per vehicle', async () => {
    const { bus1, bus2 } = server.fleet;
    answer = 3;
    try {
      const res = await push('push', regions.circle, [bus1.carId, bus2.carId]);
      expect(res.code).toBe(0);
      expect(res.result.rows).toEqual([
        { car_id: bus1.carId, car_name: 'Bus 1', state: CommandStateCode.refused, result: 3 },
        { car_id: bus2.carId, car_name: 'Bus 2', state: CommandStateCode.unreachable, result: 1101 },
      ]);
    } finally {
      answer = 0;
    }
    const sent = seen.at(-1);
    if (sent?.msgId !== 0x8600) throw new Error(`expected 0x8600, got ${sent?.msgId}`);
    expect(sent.body).toMatchObject({
      action: 1,
      areas: [{ id: regions.circle, attr: 0, lat: 22.543, lng: 114.057, radius: 300 }],
    });
  });

  it('unpushes with the matching delete, and lists each vehicle by its latest command', async () => {
    const { bus1 } = server.fleet;
    const res = await push('unpush', regions.polygon, [bus1.carId]);
    expect(res.result.rows).toEqual([
      { car_id: bus1.carId, car_name: 'Bus 1', state: CommandStateCode.replied, result: 0 },
    ]);
    const sent = seen.at(-1);
    expect(sent?.msgId === 0x8605 && sent.body.ids).toEqual([regions.polygon]);
    const list = await admin.get<{ rows: RegionPushRow[] }>(`/basic/region/pushes?region_id=${regions.polygon}`);
    expect(list.code).toBe(0);
    expect(list.result.rows).toEqual([
      expect.objectContaining({ car_id: bus1.carId, command: 0x8605, state: 2, result: 0, account: 'admin' }),
    ]);
  });

  it('refuses a POI (1004), another company’s region or vehicle (1008) before sending anything', async () => {
    const before = seen.length;
    expect((await push('push', regions.poi, [server.fleet.bus1.carId])).code).toBe(1004);
    expect((await push('push', regions.other, [server.fleet.bus1.carId])).code).toBe(1008);
    expect((await push('push', regions.polygon, [server.fleet.other.carId])).code).toBe(1008);
    expect((await admin.get(`/basic/region/pushes?region_id=${regions.other}`)).code).toBe(1008);
    const other = await server.admin('other');
    expect((await other.get(`/basic/region/pushes?region_id=${regions.polygon}`)).code).toBe(1008);
    expect(seen.length).toBe(before);
  });

  it("carries the terminal's own in/out report (item 0x12, warning bit 20) into real_data", async () => {
    const epoch = Math.floor(server.clock.now() / 1000);
    const flowId = terminal.send({
      msgId: 0x0200,
      body: makeLocation({
        lat: 22.56,
        lng: 114.06,
        speedKmh: 20,
        direction: 0,
        time: epochToLocalTime(epoch, 480),
        status: 0x3,
        alarmFlags: WarningMask.areaInOut,
        items: [
          { id: 0x31, satellites: 9 },
          { id: 0x12, areaType: 3, areaId: regions.polygon, direction: 1 },
          { id: 0x11, areaType: 3, areaId: regions.polygon },
        ],
      }),
    });
    await terminal.ackOf(flowId);
    const real = await admin.get<VehicleLiveResult>('/basic/cars/real');
    expect(real.code).toBe(0);
    const bus1 = real.result.rows.find((v) => v.car_id === server.fleet.bus1.carId);
    expect(bus1?.real_data?.w).toBe(WarningMask.areaInOut);
    expect(bus1?.real_data?.area).toEqual({
      io: [{ type: 3, id: regions.polygon, dir: 1 }],
      speed: { type: 3, id: regions.polygon },
    });
  });
});
