import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import type { Timetable } from '../contract/line-map.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { seedLine, seedTimetable, userWith } from './testing/fixture.ts';

// GET /dispatch/timetable on both engines: which trips run on a service day (weekdays within the calendar's dates,
// dates added and removed), in the company's time zone, and what bad input answers.

const HOUR = 3600;

describe.each(ENGINES)('timetable /dispatch/timetable on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let adminB: HeadwayClient;

  const day = async (client: HeadwayClient, query: string) =>
    client.get<Timetable>(`/dispatch/timetable${query ? `?${query}` : ''}`);
  const trips = (t: Timetable) => t.directions.map((d) => [d.direction, d.departures.map((x) => x.trip_id)]);

  beforeAll(async () => {
    server = await startTestServer(engine, { auth: { loginAttemptsPerMinute: 1000 } });
    // Monday 2026-04-06 23:30 in New York (EDT, UTC−4), already Tuesday in UTC: "today" is the company's Monday.
    server.clock.advance(Date.UTC(2026, 3, 7, 3, 30) / 1000 - server.clock.now() / 1000);
    const db = server.store.db;
    const { lineId } = await seedLine(db, server.demoCompanyId, 'M1', { stations: 3 });
    await seedTimetable(
      db,
      server.demoCompanyId,
      lineId,
      [
        // Weekdays, but not Monday 6 April (a holiday, which runs the Saturday service instead).
        {
          service_id: 'WK',
          weekdays: '1111100',
          start_date: '20260101',
          end_date: '20261231',
          added: '',
          removed: '20260406',
        },
        {
          service_id: 'SA',
          weekdays: '0000010',
          start_date: '20260101',
          end_date: '20261231',
          added: '20260406',
          removed: '',
        },
        // calendar_dates.txt alone: one Friday's extra late trip.
        { service_id: 'EX', weekdays: '0000000', start_date: '', end_date: '', added: '20260410', removed: '' },
      ],
      [
        { direction: 1, service_id: 'WK', trip_id: 'wk-1b', departure_time: 6 * HOUR + 600 },
        { direction: 1, service_id: 'WK', trip_id: 'wk-1a', departure_time: 6 * HOUR },
        { direction: 2, service_id: 'WK', trip_id: 'wk-2a', departure_time: 6 * HOUR + 300, headsign: 'West end' },
        { direction: 1, service_id: 'SA', trip_id: 'sa-1a', departure_time: 7 * HOUR },
        // Past midnight: still the service day it belongs to (GTFS times may exceed 24:00:00).
        { direction: 1, service_id: 'EX', trip_id: 'ex-late', departure_time: 25 * HOUR + 600 },
      ],
    );
    const { companyId: companyB } = await seedCompany(server.store, 'Other Lines', 'b-admin');
    await seedLine(db, companyB, 'B1', { stations: 2 });
    admin = server.client();
    await admin.login('admin', PASSWORD);
    adminB = server.client();
    await adminB.login('b-admin', PASSWORD);
  });
  afterAll(() => server.close());

  it('answers a weekday’s trips per direction in departure order', async () => {
    const reply = await day(admin, 'route_code=M1&date=20260407');
    expect(reply.code).toBe(0);
    expect(trips(reply.result)).toEqual([
      [1, ['wk-1a', 'wk-1b']],
      [2, ['wk-2a']],
    ]);
    expect(reply.result.route_code).toBe('M1');
    expect(reply.result.time_zone).toBe('America/New_York');
    expect(reply.result.directions[1]?.departures[0]).toEqual({
      trip_id: 'wk-2a',
      block_id: 'B-wk-2a',
      headsign: 'West end',
      departure_time: 6 * HOUR + 300,
      arrival_time: 6 * HOUR + 300 + 1800,
    });
  });

  it('applies removed and added dates, weekends, and dates outside the calendar', async () => {
    // The holiday Monday: weekday service removed, Saturday service added; direction 2 runs nothing.
    expect(trips((await day(admin, 'route_code=M1&date=20260406')).result)).toEqual([
      [1, ['sa-1a']],
      [2, []],
    ]);
    expect(trips((await day(admin, 'route_code=M1&date=20260411')).result)).toEqual([
      [1, ['sa-1a']],
      [2, []],
    ]);
    expect(trips((await day(admin, 'route_code=M1&date=20260412')).result)).toEqual([
      [1, []],
      [2, []],
    ]);
    expect(trips((await day(admin, 'route_code=M1&date=20260410')).result)).toEqual([
      [1, ['wk-1a', 'wk-1b', 'ex-late']],
      [2, ['wk-2a']],
    ]);
    expect(trips((await day(admin, 'route_code=M1&date=20270105')).result)).toEqual([
      [1, []],
      [2, []],
    ]);
  });

  it('defaults to today in the company’s time zone', async () => {
    const today = await day(admin, 'route_code=M1');
    expect(today.result.date).toBe('20260406');
    expect(trips(today.result)).toEqual([
      [1, ['sa-1a']],
      [2, []],
    ]);
    // A company without a zone counts in UTC: Tuesday already.
    const b = await day(adminB, 'route_code=B1');
    expect(b.result).toMatchObject({ date: '20260407', time_zone: 'UTC' });
  });

  it('refuses bad dates (1004), an unknown or foreign line (1008) and callers without the screens (1005)', async () => {
    for (const date of ['20260230', '2026-04-07', '2026047', '00000000', 'today']) {
      const reply = await day(admin, `route_code=M1&date=${date}`);
      expect(reply.code, date).toBe(ErrorCode.parameter);
      expect((reply.result as unknown as { field: string }).field, date).toBe('date');
    }
    expect((await day(admin, '')).code).toBe(ErrorCode.parameter);
    expect((await day(admin, 'route_code=B1')).code).toBe(ErrorCode.recordMissing);
    expect((await day(adminB, 'route_code=M1')).code).toBe(ErrorCode.recordMissing);
    const nobody = await userWith(server, admin, 'nobody', { Dashboard: PermissionBit.view });
    expect((await day(nobody, 'route_code=M1')).code).toBe(ErrorCode.permission);
  });
});
