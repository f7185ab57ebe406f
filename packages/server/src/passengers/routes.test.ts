import { PermissionBit, TRACK_MAX_SPAN_DAYS } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeadwayClient, md5 } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import type { ConsoleRow, PassengerResult, RolePermissions, RoleRow, UserRow } from '../contract/index.ts';
import { insertStationEvents } from '../departures/queries.ts';
import { stationEvent } from '../departures/testing/station-event.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { seedMapFixture } from '../vehicles/testing/fixtures.ts';
import { type Counters, type ReportTarget, storeReports } from './testing/reports.ts';

// /device/passenger/time and /station over HTTP on both engines, from reports stored as the gateway stores them
// (0x0200 with item 0xE1 through the codec): one bus's two trips with a missed terminal report, a trip reset and a
// day reset, duplicated reports and a report without the item; the company's time zone (a half-hour one) and the
// UTC default; validation, permissions, consoles and tenant isolation.

/** 2026-03-02 02:00 UTC: 07:30 in Asia/Kolkata (UTC+05:30). */
const T = Date.UTC(2026, 2, 2, 2, 0, 0) / 1000;

describe.each(ENGINES)('passenger counts on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let adminB: HeadwayClient;
  let cars: Map<string, number>;
  let lines: Map<string, number>;
  let carB = 0;

  /** Station event of A-101 on line 10 (flag 1 arrival, 2 departure). */
  const visit = (
    companyId: number,
    carId: number,
    time: number,
    flag: 1 | 2,
    direction: number,
    serial: number,
    name: string,
  ) =>
    stationEvent(time, {
      company_id: companyId,
      car_id: carId,
      car_name: 'A-101',
      route_code: '10',
      route_name: 'Line 10',
      flag,
      direction,
      serial,
      station_name: name,
    });

  beforeAll(async () => {
    server = await startTestServer(engine);
    const db = server.store.db;
    const companyA = server.demoCompanyId;
    ({ carIds: cars, lineIds: lines } = await seedMapFixture(db, companyA, [
      { carName: 'A-101', imei: '860000000000101', terminalPhone: '013900000101', fleet: null, line: '10' },
      { carName: 'A-201', imei: '860000000000201', terminalPhone: '013900000201', fleet: null, line: '20' },
      { carName: 'A-301', imei: '860000000000301', terminalPhone: '013900000301', fleet: null, line: '20' },
    ]));
    await db
      .updateTable('companies')
      .set({ config: JSON.stringify({ multiple_search_limit: 60, time_zone: 'Asia/Kolkata' }) })
      .where('id', '=', companyA)
      .execute();
    const { companyId: companyB } = await seedCompany(server.store, 'Other Buses', 'b-admin');
    carB = (
      await seedMapFixture(db, companyB, [
        { carName: 'B-1', imei: '870000000000001', terminalPhone: '014000000001', fleet: null, line: '99' },
      ])
    ).carIds.get('B-1')!;

    const a101: ReportTarget = { companyId: companyA, vehicleId: cars.get('A-101')!, terminalPhone: '013900000101' };
    // [on_day, on_trip, off_trip, on_real, off_real]
    const reports: [number, Counters | null][] = [
      [T - 600, [10, 4, 2, 1, 0]], // the starting point, before the range
      [T, [10, 4, 2, 1, 0]],
      [T, [10, 4, 2, 1, 0]], // sent twice
      [T + 110, [13, 7, 3, 3, 1]], // Stop 1: 3 on, 1 off
      [T + 110, [13, 7, 3, 3, 1]], // resent after a lost ack
      [T + 300, [13, 7, 3, 3, 1]],
      [T + 410, [18, 12, 5, 5, 2]], // Stop 2: 5 on, 2 off
      // Reports lost from T+420 to T+800: the terminal (7 off at T+700) and the trip's end (counters reset).
      [T + 800, [18, 0, 0, 0, 7]],
      [T + 1000, [18, 0, 0, 0, 7]],
      [T + 1440, [24, 6, 0, 6, 0]], // boarding at the new trip's origin before it leaves
      [T + 1810, [26, 8, 4, 2, 4]], // Stop 2 the other way: 2 on, 4 off
      [T + 2000, null], // a report without the item
      [T + 3700, [3, 11, 4, 3, 0]], // the terminal's day turned mid-trip; Stop 1 the other way: 3 on
    ];
    await storeReports(db, engine, a101, reports);
    const car = a101.vehicleId;
    await insertStationEvents(db, [
      visit(companyA, car, T + 100, 1, 1, 1, 'Stop 1'),
      visit(companyA, car, T + 160, 2, 1, 1, 'Stop 1'),
      visit(companyA, car, T + 400, 1, 1, 2, 'Stop 2'),
      visit(companyA, car, T + 460, 2, 1, 2, 'Stop 2'),
      visit(companyA, car, T + 700, 1, 1, 3, 'Stop 3'),
      // The turnaround is recorded when the bus leaves the terminal: after the new origin's boardings.
      visit(companyA, car, T + 1500, 2, 1, 3, 'Stop 3'),
      visit(companyA, car, T + 1500, 1, 2, 1, 'Stop 3'),
      visit(companyA, car, T + 1560, 2, 2, 1, 'Stop 3'),
      visit(companyA, car, T + 1800, 1, 2, 2, 'Stop 2'),
      visit(companyA, car, T + 1860, 2, 2, 2, 'Stop 2'),
      visit(companyA, car, T + 3650, 1, 2, 3, 'Stop 1'),
      visit(companyA, car, T + 3720, 2, 2, 3, 'Stop 1'),
    ]);
    // A-301 has a terminal without a passenger counter: positions and station events, no item 0xE1.
    const a301: ReportTarget = { companyId: companyA, vehicleId: cars.get('A-301')!, terminalPhone: '013900000301' };
    await storeReports(db, engine, a301, [
      [T + 100, null],
      [T + 200, null],
    ]);
    await insertStationEvents(db, [visit(companyA, a301.vehicleId, T + 150, 1, 1, 1, 'Stop 1')]);
    // Company B: its own bus (no time zone set: UTC), and a forged row claiming A-101's id that A must never see.
    const b1: ReportTarget = { companyId: companyB, vehicleId: carB, terminalPhone: '014000000001' };
    await storeReports(db, engine, b1, [
      [T + 100, [0, 0, 0, 0, 0]],
      [T + 200, [4, 4, 1, 4, 1]],
    ]);
    await storeReports(db, engine, { ...b1, vehicleId: car }, [[T + 2500, [999, 999, 999, 9, 9]]]);
    await insertStationEvents(db, [{ ...visit(companyB, car, T + 2400, 1, 1, 9, 'Elsewhere'), route_code: '99' }]);

    admin = server.client();
    expect((await admin.login('admin', PASSWORD)).code).toBe(0);
    adminB = server.client();
    expect((await adminB.login('b-admin', PASSWORD)).code).toBe(0);
  });
  afterAll(() => server.close());

  const ask = (client: HeadwayClient, mode: 'time' | 'station', body: unknown) =>
    client.post<PassengerResult>(`/device/passenger/${mode}`, body);
  const range = { start_time: T, end_time: T + 7200 };

  it('counts per hour of the company’s time zone, from counter differences', async () => {
    const res = await ask(admin, 'time', { car_id: cars.get('A-101'), ...range });
    expect(res.code).toBe(0);
    expect(res.result.rows).toEqual([
      // 07:30–08:00 local: Stop 1 (3/1), Stop 2 (5/2), the missed terminal (0/7), the new origin (6/0).
      {
        time_frame: '2026-03-02 07:00',
        up_number: 14,
        down_number: 10,
        station_name: '',
        route_code: '',
        direction: 0,
        serial: 0,
      },
      // Stop 2 the other way (2/4), then 3 on after the day counter reset.
      {
        time_frame: '2026-03-02 08:00',
        up_number: 5,
        down_number: 4,
        station_name: '',
        route_code: '',
        direction: 0,
        serial: 0,
      },
    ]);
  });

  it('counts per station in line order, a stop served both ways being two rows', async () => {
    const res = await ask(admin, 'station', { car_id: cars.get('A-101'), ...range });
    expect(res.code).toBe(0);
    const rows = res.result.rows.map((r) => [r.direction, r.serial, r.station_name, r.up_number, r.down_number]);
    expect(rows).toEqual([
      [1, 1, 'Stop 1', 3, 1],
      [1, 2, 'Stop 2', 5, 2],
      // The lost terminal report: its alightings come back from the "last stop" counters after the trip reset.
      [1, 3, 'Stop 3', 0, 7],
      // Boarded before the turnaround was recorded, yet on the new trip: its first stop.
      [2, 1, 'Stop 3', 6, 0],
      [2, 2, 'Stop 2', 2, 4],
      [2, 3, 'Stop 1', 3, 0],
    ]);
    expect(res.result.rows.every((r) => r.route_code === '10' && r.time_frame === '')).toBe(true);
  });

  it('uses the last report before the range as the starting point', async () => {
    // The range starts between the report at T and the one at T+110: Stop 1's counts still show.
    const res = await ask(admin, 'station', { car_id: cars.get('A-101'), start_time: T + 105, end_time: T + 500 });
    expect(res.result.rows.map((r) => [r.serial, r.up_number, r.down_number])).toEqual([
      [1, 3, 1],
      [2, 5, 2],
    ]);
  });

  it('answers UTC hours for a company without a time zone', async () => {
    const res = await ask(adminB, 'time', { car_id: carB, ...range });
    expect(res.code).toBe(0);
    expect(res.result.rows.map((r) => [r.time_frame, r.up_number, r.down_number])).toEqual([
      ['2026-03-02 02:00', 4, 1],
    ]);
  });

  it('answers no rows when nothing was counted: no reports, or a terminal without a counter', async () => {
    for (const mode of ['time', 'station'] as const) {
      expect((await ask(admin, mode, { car_id: cars.get('A-201'), ...range })).result.rows).toEqual([]);
      expect((await ask(admin, mode, { car_id: cars.get('A-301'), ...range })).result.rows).toEqual([]);
    }
  });

  it('rejects a reversed range, a range over 7 days and a malformed body with 1004', async () => {
    const car_id = cars.get('A-101');
    const week = TRACK_MAX_SPAN_DAYS * 86_400;
    for (const mode of ['time', 'station'] as const) {
      expect((await ask(admin, mode, { car_id, start_time: T, end_time: T - 1 })).code).toBe(ErrorCode.parameter);
      expect((await ask(admin, mode, { car_id, start_time: T, end_time: T + week + 1 })).code).toBe(
        ErrorCode.parameter,
      );
      expect((await ask(admin, mode, { car_id, start_time: T, end_time: T + week })).code).toBe(0);
      expect((await ask(admin, mode, { start_time: T, end_time: T + 60 })).code).toBe(ErrorCode.parameter);
      expect((await ask(admin, mode, { car_id: 'A-101', start_time: T, end_time: T + 60 })).code).toBe(
        ErrorCode.parameter,
      );
      expect((await ask(admin, mode, { car_id, start_time: 12_345_678_901, end_time: T })).code).toBe(
        ErrorCode.parameter,
      );
    }
  });

  it('answers another company’s vehicle like a missing one, and never counts its rows', async () => {
    for (const mode of ['time', 'station'] as const) {
      expect((await ask(adminB, mode, { car_id: cars.get('A-101'), ...range })).code).toBe(ErrorCode.recordMissing);
      expect((await ask(admin, mode, { car_id: carB, ...range })).code).toBe(ErrorCode.recordMissing);
      expect((await ask(admin, mode, { car_id: 999_999, ...range })).code).toBe(ErrorCode.recordMissing);
    }
    // Company B's forged row (A-101's id, on_day 999) and its 'Elsewhere' event are not in A's answers.
    const station = await ask(admin, 'station', { car_id: cars.get('A-101'), ...range });
    expect(station.result.rows.some((r) => r.station_name === 'Elsewhere')).toBe(false);
    expect(station.result.rows.reduce((n, r) => n + r.up_number, 0)).toBe(19);
  });

  it('admits the view bit of the monitoring map or of track playback, and keeps a console to its lines', async () => {
    const view = PermissionBit.view;
    const mapOnly = await userWith('pax-map', { MonitoringMap: view });
    const trackOnly = await userWith('pax-track', { MonitoringTrack: view });
    const neither = await userWith('pax-none', { MonitoringLineMap: view });
    const line20Desk = await userWith('pax-desk', { MonitoringMap: view }, [lines.get('20')!]);
    const body = { car_id: cars.get('A-101'), ...range };
    for (const mode of ['time', 'station'] as const) {
      expect((await ask(mapOnly, mode, body)).code).toBe(0);
      expect((await ask(trackOnly, mode, body)).code).toBe(0);
      expect((await ask(neither, mode, body)).code).toBe(ErrorCode.permission);
      expect((await ask(line20Desk, mode, body)).code).toBe(ErrorCode.recordMissing);
      expect((await ask(line20Desk, mode, { ...body, car_id: cars.get('A-201') })).code).toBe(0);
    }
  });

  /** A user of company A with a role of these masks, signed in; in a console of `consoleLines` if given. */
  async function userWith(
    account: string,
    permissions: RolePermissions,
    consoleLines?: readonly number[],
  ): Promise<HeadwayClient> {
    const role = await admin.post<RoleRow>('/owner/role', { role_name: `${account} role`, permissions });
    expect(role.code).toBe(0);
    const user = await admin.post<UserRow>('/owner/user', {
      account,
      user_name: `${account} name`,
      password: md5(PASSWORD),
      role_id: role.result.role_id,
    });
    expect(user.code).toBe(0);
    if (consoleLines) {
      const desk = await admin.post<ConsoleRow>('/owner/console', {
        console_name: `${account} desk`,
        route_ids: consoleLines,
        user_ids: [user.result.user_id],
      });
      expect(desk.code).toBe(0);
    }
    const client = server.client();
    expect((await client.login(account, PASSWORD)).code).toBe(0);
    return client;
  }
});
