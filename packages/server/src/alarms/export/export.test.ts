import { ALARM_LEVELS, alarmLabel, safetyAlarmCode, WARNING_BIT_ALARM_CODES, WARNING_BITS } from '@headway/spec';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { sign } from '../../auth/signature.ts';
import type { AlarmDetailQuery } from '../../contract/alarms.ts';
import { ErrorCode } from '../../kernel/errors.ts';
import { seedMapFixture } from '../../vehicles/testing/fixtures.ts';
import { alarmsDb } from '../schema.ts';
import { addRole, addUser, putInConsole, storeAlarms } from './testing/fixtures.ts';

// POST /device/alarm/export over real HTTP on both engines: the file is read back with exceljs (the library that
// wrote it), and the rows are exactly the caller's: their company's, their console's lines, the filter's.

const T0 = 1_767_225_600; // 2026-01-01T00:00:00Z
const MAX_ROWS = 12;
const EXPORT_BIT = 32;
const SOS = WARNING_BIT_ALARM_CODES[WARNING_BITS.sos.bit] as number;

interface Download {
  status: number;
  contentType: string | null;
  disposition: string | null;
  bytes: ArrayBuffer;
}

describe.each(ENGINES)('alarm export on %s', (engine) => {
  let server: TestServer;
  let companyId: number;
  let otherCompanyId: number;
  let carIds: Map<string, number>;
  let lineIds: Map<string, number>;

  function body(data: Partial<AlarmDetailQuery['data']> = {}): AlarmDetailQuery {
    return { page: 1, limit: 20, data: { start_time: T0, end_time: T0 + 86_400, ...data } };
  }

  async function login(account: string): Promise<HeadwayClient> {
    const client = server.client();
    const reply = await client.login(account, PASSWORD);
    if (reply.code !== 0) throw new Error(`login ${account}: ${reply.code}`);
    return client;
  }

  /** The export's raw response: HeadwayClient reads JSON only. */
  async function download(
    client: HeadwayClient,
    request: unknown,
    options: { query?: string; language?: string } = {},
  ) {
    const pathWithQuery = `${client.base}/device/alarm/export${options.query ?? ''}`;
    const payload = JSON.stringify(request);
    const timestamp = String(Math.floor(server.clock.now() / 1000));
    const response = await fetch(`${client.baseUrl}${pathWithQuery}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': options.language ?? 'en',
        token: client.token,
        timestamp,
        signature: sign(client.uuid, 'POST', pathWithQuery, timestamp, payload),
      },
      body: payload,
    });
    const result: Download = {
      status: response.status,
      contentType: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      bytes: await response.arrayBuffer(),
    };
    return result;
  }

  async function sheetOf(file: Download): Promise<ExcelJS.Worksheet> {
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    return sheet;
  }

  function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  }

  function envelope(file: Download): { code: number } {
    return JSON.parse(Buffer.from(file.bytes).toString('utf8')) as { code: number };
  }

  beforeAll(async () => {
    server = await startTestServer(engine, { alarmExport: { maxRows: MAX_ROWS } });
    companyId = server.demoCompanyId;
    const fixture = await seedMapFixture(server.store.db, companyId, [
      { carName: 'Bus 1', imei: '860000000000001', terminalPhone: '013800000001', fleet: null, line: 'L1' },
      { carName: 'Bus 2', imei: '860000000000002', terminalPhone: '013800000002', fleet: null, line: 'L2' },
    ]);
    carIds = fixture.carIds;
    lineIds = fixture.lineIds;
    const db = server.store.db;
    // The file's dates are the company's own; this company keeps none, so they are UTC (the demo's is New York).
    await db.updateTable('companies').set({ config: '{}' }).where('id', '=', companyId).execute();

    await alarmsDb(db)
      .insertInto('custom_alarm_types')
      .values({
        company_id: companyId,
        platform_alarm_id: 100_000,
        group_id: 200,
        alarm_name: 'Door left open',
        name_key: 'door left open',
        created_at: T0,
      })
      .execute();

    const bus1 = { car_id: carIds.get('Bus 1') ?? 0, car_name: 'Bus 1', lpn: 'LPN-Bus 1', imei: '860000000000001' };
    const bus2 = { car_id: carIds.get('Bus 2') ?? 0, car_name: 'Bus 2', lpn: 'LPN-Bus 2', imei: '860000000000002' };
    const line1 = { route_id: lineIds.get('L1') ?? 0, route_name: 'Line L1' };
    const line2 = { route_id: lineIds.get('L2') ?? 0, route_name: 'Line L2' };
    await storeAlarms(db, companyId, [
      {
        ...bus1,
        ...line1,
        platform_alarm_id: SOS,
        alarm_level: 3,
        event_time: T0 + 3600,
        end_time: T0 + 3660,
        speed: 42.5,
        lat: 13.7563,
        lng: 100.5018,
        is_readed: 1,
        remark: 'Called the driver',
        read_by: 1,
        read_by_name: 'Administrator',
        read_time: T0 + 3700,
      },
      {
        ...bus1,
        ...line1,
        device_type: 'ADAS',
        alarm_type: 1,
        platform_alarm_id: safetyAlarmCode(0x64, 1),
        alarm_level: 2,
        event_time: T0 + 7200,
        speed: 61,
      },
      { ...bus2, ...line2, platform_alarm_id: 100_000, event_time: T0 + 5400 },
    ]);
    // Another company's alarm in the same hour: never in this company's file.
    const other = await seedCompany(server.store, 'Other Transit', 'other-admin');
    otherCompanyId = other.companyId;
    await storeAlarms(db, otherCompanyId, [{ car_name: 'Foreign bus', platform_alarm_id: SOS, event_time: T0 + 3600 }]);
  });
  afterAll(() => server.close());

  it('gives an administrator every alarm of the company as an .xlsx, newest first, in English by default', async () => {
    const admin = await login('admin');
    const file = await download(admin, body());
    expect(file.status).toBe(200);
    expect(file.disposition).toBe('attachment; filename="alarms-20260101-20260102.xlsx"');
    const sheet = await sheetOf(file);
    expect(sheet.name).toBe('Alarms');
    const [header, ...rows] = rowsOf(sheet);
    expect(header).toEqual([
      'Vehicle',
      'Plate',
      'IMEI',
      'Line',
      'Alarm type',
      'Level',
      'Speed (km/h)',
      'Event time (UTC)',
      'End time (UTC)',
      'Latitude',
      'Longitude',
      'Read state',
      'Remark',
      'Read by',
    ]);
    expect(rows.map((r) => r[0])).toEqual(['Bus 1', 'Bus 2', 'Bus 1']);
    expect(rows.flat()).not.toContain('Foreign bus');
    const [adas, custom, sos] = rows;
    // The text rule: an ADAS alarm is named by its alarm type, others by platform_alarm_id; custom names stored.
    expect(adas?.[4]).toBe(alarmLabel(safetyAlarmCode(0x64, 1), 'en'));
    expect(custom?.[4]).toBe('Door left open');
    expect(sos).toEqual([
      'Bus 1',
      'LPN-Bus 1',
      '860000000000001',
      'Line L1',
      alarmLabel(SOS, 'en'),
      ALARM_LEVELS[3].en,
      42.5,
      new Date((T0 + 3600) * 1000),
      new Date((T0 + 3660) * 1000),
      13.7563,
      100.5018,
      'Read',
      'Called the driver',
      'Administrator',
    ]);
    // An alarm still going on has no end time; unread ones say so.
    expect(adas?.[8]).toBeUndefined();
    expect(adas?.[11]).toBe('Unread');
  });

  it('writes the headers and texts in the request language and times in the asked zone', async () => {
    const admin = await login('admin');
    const file = await download(admin, body({ alarm_list: [SOS] }), {
      language: 'zh-CN,zh;q=0.9',
      query: '?time_zone=Asia/Bangkok',
    });
    const sheet = await sheetOf(file);
    expect(sheet.name).toBe('报警');
    const [header, sos] = rowsOf(sheet);
    expect(header?.slice(0, 5)).toEqual(['车辆', '车牌号', 'IMEI', '线路', '报警类型']);
    expect(header?.[7]).toBe('报警时间 (Asia/Bangkok (GMT+07:00))');
    expect(sos?.[4]).toBe(alarmLabel(SOS, 'zh'));
    expect(sos?.[5]).toBe(ALARM_LEVELS[3].zh);
    expect(sos?.[11]).toBe('已读');
    // The cell holds Bangkok's wall clock: 01:00 UTC is 08:00 there.
    expect(sos?.[7]).toEqual(new Date(Date.UTC(2026, 0, 1, 8, 0, 0)));
  });

  it('applies the details filter (read state, type, vehicle)', async () => {
    const admin = await login('admin');
    const unread = rowsOf(await sheetOf(await download(admin, body({ is_readed: 0 })))).slice(1);
    expect(unread.map((r) => r[0])).toEqual(['Bus 1', 'Bus 2']);
    const bus2 = rowsOf(await sheetOf(await download(admin, body({ car_list: [carIds.get('Bus 2') ?? 0] })))).slice(1);
    expect(bus2.map((r) => r[4])).toEqual(['Door left open']);
  });

  it("limits a console user to the vehicles of the console's lines", async () => {
    const db = server.store.db;
    const roleId = await addRole(db, companyId, { SafetyActiveSafety: 1 | EXPORT_BIT });
    const userId = await addUser(db, companyId, { account: 'line2-exporter', roleId, password: PASSWORD });
    await putInConsole(db, companyId, userId, [lineIds.get('L2') ?? 0]);
    const user = await login('line2-exporter');
    const rows = rowsOf(await sheetOf(await download(user, body()))).slice(1);
    expect(rows.map((r) => r[0])).toEqual(['Bus 2']);
  });

  it('refuses a caller without the export bit on Active safety (1005), as JSON', async () => {
    const db = server.store.db;
    const roleId = await addRole(db, companyId, { SafetyActiveSafety: 1 });
    await addUser(db, companyId, { account: 'viewer-only', roleId, password: PASSWORD });
    const viewer = await download(await login('viewer-only'), body());
    expect(viewer.status).toBe(200);
    expect(envelope(viewer).code).toBe(ErrorCode.permission);
    expect(envelope(await download(await login('dispatcher'), body())).code).toBe(ErrorCode.permission);
  });

  it("gives another company's administrator only that company's alarms", async () => {
    const rows = rowsOf(await sheetOf(await download(await login('other-admin'), body()))).slice(1);
    expect(rows.map((r) => r[0])).toEqual(['Foreign bus']);
  });

  it('exports the top rows beyond the row cap (counted in x-total-count) and 1004 for a reversed range', async () => {
    const day2 = T0 + 2 * 86_400;
    await storeAlarms(
      server.store.db,
      companyId,
      Array.from({ length: MAX_ROWS + 1 }, (_, i) => ({ platform_alarm_id: SOS, event_time: day2 + i })),
    );
    const admin = await login('admin');
    const over = await download(admin, body({ start_time: day2, end_time: day2 + 3600 }));
    expect(rowsOf(await sheetOf(over))).toHaveLength(MAX_ROWS + 1);
    const exact = await download(admin, body({ start_time: day2 + 1, end_time: day2 + 3600 }));
    expect(rowsOf(await sheetOf(exact))).toHaveLength(MAX_ROWS + 1);
    const reversed = await download(admin, body({ start_time: T0 + 10, end_time: T0 }));
    expect(envelope(reversed).code).toBe(ErrorCode.parameter);
  });
});
