import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import type { HeadwayDirection, LineHeadways } from '../contract/line-map.ts';
import { insertStationEvents } from '../departures/queries.ts';
import { stationEvent } from '../departures/testing/station-event.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import { HEADWAY_CACHE_SECONDS } from './headway-cache.ts';
import { onRoute, seedLine, seedTimetable, seedVehicle, storeLiveState, userWith } from './testing/fixture.ts';

// GET /dispatch/headways on both engines, from the stored live state (no live module in this app) and station
// events made here: a bunching pair and a gapping pair on direction 1, a regular pair, buses that must not count
// (at the terminal, silent for minutes, on another line, another company's), the regularity of the last hour,
// console scope and permissions.

// Tuesday 7 April 2026, 14:00 in New York (EDT).
const N = Date.UTC(2026, 3, 7, 18) / 1000;
const HOUR = 3600;

describe.each(ENGINES)('headways /dispatch/headways on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let adminB: HeadwayClient;
  let h1 = 0;
  let h2 = 0;
  const car = new Map<string, number>();

  const headways = (client: HeadwayClient, code: string) =>
    client.get<LineHeadways>(`/dispatch/headways?route_code=${code}`);
  const direction = (answer: LineHeadways, d: number): HeadwayDirection => {
    const found = answer.directions.find((x) => x.direction === d);
    if (!found) throw new Error(`no direction ${d}`);
    return found;
  };

  beforeAll(async () => {
    server = await startTestServer(engine, { auth: { loginAttemptsPerMinute: 1000 } });
    server.clock.advance(N - server.clock.now() / 1000);
    const db = server.store.db;
    const company = server.demoCompanyId;
    h1 = (await seedLine(db, company, 'H1', { stations: 8 })).lineId;
    h2 = (await seedLine(db, company, 'H2', { stations: 2 })).lineId;
    // Every 10 minutes up, every 15 minutes down, 05:00–23:00 on weekdays.
    const trips = [];
    for (let t = 5 * HOUR; t <= 23 * HOUR; t += 600) {
      trips.push({ direction: 1, service_id: 'WK', trip_id: `up-${t}`, departure_time: t });
    }
    for (let t = 5 * HOUR; t <= 23 * HOUR; t += 900) {
      trips.push({ direction: 2, service_id: 'WK', trip_id: `down-${t}`, departure_time: t });
    }
    await seedTimetable(
      db,
      company,
      h1,
      [{ service_id: 'WK', weekdays: '1111100', start_date: '20260101', end_date: '20261231', added: '', removed: '' }],
      trips,
    );

    const buses: [string, number][] = [
      ['V1', h1],
      ['V2', h1],
      ['V3', h1],
      // Bound to H2, lent to H1 for the afternoon: on H1's map, but not in a console of H1 alone.
      ['V4', h2],
      ['V5', h1],
      ['V6', h1],
      ['V7', h1],
      ['VT', h1],
      ['VS', h1],
    ];
    for (const [name, line] of buses) {
      car.set(name, await seedVehicle(db, company, { carName: name, imei: `86100000000${name}`, lineId: line }));
    }
    const live = async (name: string, et: number, route: Parameters<typeof onRoute>[2]) =>
      storeLiveState(db, company, car.get(name) ?? 0, onRoute(`86100000000${name}`, et, route));
    await live('V1', N, { code: 'H1', dir: 1, sn: 6, dist: 500, etd: N - 1100 });
    await live('V2', N, { code: 'H1', dir: 1, sn: 5, dist: 500, etd: N - 1600 });
    await live('V3', N, { code: 'H1', dir: 1, sn: 2, dist: 500, etd: N - 400 });
    await live('V4', N, { code: 'H1', dir: 1, sn: 1, dist: 1000, etd: N });
    await live('V5', N, { code: 'H1', dir: 2, sn: 3, dist: 200, etd: N - 1000 });
    await live('V6', N, { code: 'H2', dir: 1, sn: 1, dist: 300 });
    // At the terminal: its trip is over.
    await live('VT', N, { code: 'H1', dir: 1, sn: 8, dist: 0 });
    // Last heard 400 s ago: offline, not running.
    await live('VS', N - 400, { code: 'H1', dir: 1, sn: 3, dist: 500 });

    const events = (name: string, dir: number, list: [number, 1 | 2, number][]) =>
      list.map(([serial, flag, t]) =>
        stationEvent(N + t, {
          company_id: company,
          car_id: car.get(name) ?? 0,
          car_name: name,
          route_code: 'H1',
          direction: dir,
          serial,
          station_name: `H1 stop ${dir}.${serial}`,
          flag,
        }),
      );
    await insertStationEvents(db, [
      // V1's previous trip, down: ends its current trip's history.
      ...events('V1', 2, [[7, 2, -4000]]),
      ...events('V1', 1, [
        [1, 2, -1100],
        [2, 1, -920],
        [2, 2, -900],
        [3, 1, -720],
        [3, 2, -700],
        [4, 1, -520],
        [4, 2, -500],
        [5, 1, -320],
        [5, 2, -300],
        [6, 1, -120],
        [6, 2, -100],
      ]),
      ...events('V2', 1, [
        [1, 2, -1600],
        [2, 1, -1420],
        [2, 2, -1400],
        [3, 1, -1200],
        [3, 2, -1180],
        [4, 1, -1000],
        [4, 2, -980],
        [5, 1, -800],
        [5, 2, -780],
      ]),
      ...events('V3', 1, [
        [1, 2, -400],
        [2, 1, -220],
        [2, 2, -200],
      ]),
      // Down: departures at two stations over the last hour (and one before it).
      ...events('V4', 2, [[1, 2, -3700]]),
      ...events('V5', 2, [
        [1, 2, -3000],
        [2, 2, -2900],
      ]),
      ...events('V6', 2, [
        [1, 2, -2400],
        [2, 2, -2000],
      ]),
      ...events('V7', 2, [
        [1, 2, -1800],
        // The same departure seen twice.
        [1, 2, -1790],
      ]),
    ]);

    const { companyId: companyB } = await seedCompany(server.store, 'Other Lines', 'b-admin');
    const b1 = (await seedLine(db, companyB, 'H1', { stations: 4 })).lineId;
    const vb = await seedVehicle(db, companyB, { carName: 'VB', imei: '871000000000001', lineId: b1 });
    await storeLiveState(db, companyB, vb, onRoute('871000000000001', N, { code: 'H1', dir: 1, sn: 2, dist: 100 }));

    admin = server.client();
    await admin.login('admin', PASSWORD);
    adminB = server.client();
    await adminB.login('b-admin', PASSWORD);
  });
  afterAll(() => server.close());

  it('orders the running buses front first and flags bunching and gapping against the timetable', async () => {
    const reply = await headways(admin, 'H1');
    expect(reply.code).toBe(0);
    expect(reply.result).toMatchObject({ route_code: 'H1', computed_at: N });
    const up = direction(reply.result, 1);
    expect(up.scheduled).toBe(600);
    expect(up.vehicles.map((v) => [v.car_name, v.serial, v.distance, v.headway, v.scheduled, v.state])).toEqual([
      ['V1', 6, 5500, null, 600, 'unknown'],
      // V1 passed 4500 m halfway between leaving stop 5 (N − 300) and reaching stop 6 (N − 120): 210 s ahead.
      ['V2', 5, 4500, 210, 600, 'bunching'],
      // V2 passed 1500 m at N − 1300: V3 is 1300 s (over 21 minutes) behind on a 10-minute service.
      ['V3', 2, 1500, 1300, 600, 'gapping'],
      // V4 waits at the origin, which V3 left at N − 400.
      ['V4', 1, 0, 400, 600, 'ok'],
    ]);
    expect(up.vehicles[0]).toMatchObject({ car_id: car.get('V1'), imei: '86100000000V1' });
    const down = direction(reply.result, 2);
    expect(down.scheduled).toBe(900);
    expect(down.vehicles.map((v) => [v.car_name, v.distance, v.headway, v.state])).toEqual([
      ['V5', 2800, null, 'unknown'],
    ]);
  });

  it('measures regularity as the coefficient of variation of the last hour’s headways at the stations', async () => {
    const answer = (await headways(admin, 'H1')).result;
    // Up: 500, 700 at stops 1 and 2, 480 at stops 3, 4 and 5.
    expect(direction(answer, 1)).toMatchObject({ samples: 7, regularity: 0.175 });
    // Down: 600 and 600 at stop 1 (the repeated departure counted once, the one before the hour left out), 900 at 2.
    expect(direction(answer, 2)).toMatchObject({ samples: 3, regularity: 0.202 });
    expect(answer).toMatchObject({ samples: 10, regularity: 0.221 });
  });

  it('answers a line without timetable or events: its buses, no headways, no figures', async () => {
    const answer = (await headways(admin, 'H2')).result;
    // V6 runs H2 but its line has no events and no timetable.
    expect(answer.directions.map((d) => [d.direction, d.vehicles.map((v) => v.car_name), d.scheduled])).toEqual([
      [1, ['V6'], null],
      [2, [], null],
    ]);
    expect(answer).toMatchObject({ regularity: null, samples: 0 });
    expect(direction(answer, 1).vehicles[0]?.state).toBe('unknown');
  });

  it('keeps each company to its own buses and a console to the buses bound to its lines', async () => {
    const b = (await headways(adminB, 'H1')).result;
    expect(b.directions.flatMap((d) => d.vehicles.map((v) => v.car_name))).toEqual(['VB']);
    const edit = PermissionBit.view | PermissionBit.edit;
    const deskH1 = await userWith(server, admin, 'desk-h1', { MonitoringLineMap: edit }, [h1]);
    const up = direction((await headways(deskH1, 'H1')).result, 1);
    expect(up.vehicles.map((v) => v.car_name)).toEqual(['V1', 'V2', 'V3']);
    const deskBoth = await userWith(server, admin, 'desk-both', { MonitoringLineMap: edit }, [h1, h2]);
    expect(direction((await headways(deskBoth, 'H1')).result, 1).vehicles.map((v) => v.car_name)).toEqual([
      'V1',
      'V2',
      'V3',
      'V4',
    ]);
    const deskH2 = await userWith(server, admin, 'desk-h2', { MonitoringLineMap: edit }, [h2]);
    expect((await headways(deskH2, 'H1')).code).toBe(ErrorCode.recordMissing);
  });

  it('refuses unknown lines, missing codes and callers without the screens', async () => {
    expect((await headways(admin, 'NOPE')).code).toBe(ErrorCode.recordMissing);
    expect((await admin.get('/dispatch/headways')).code).toBe(ErrorCode.parameter);
    const mapOnly = await userWith(server, admin, 'map-only', { MonitoringMap: PermissionBit.view });
    expect((await headways(mapOnly, 'H1')).code).toBe(0);
    const nobody = await userWith(server, admin, 'nobody', { Dashboard: PermissionBit.view });
    expect((await headways(nobody, 'H1')).code).toBe(ErrorCode.permission);
  });

  it('serves one computation to the polls of a few seconds', async () => {
    const first = (await headways(admin, 'H1')).result;
    server.clock.advance(HEADWAY_CACHE_SECONDS - 1);
    expect((await headways(admin, 'H1')).result.computed_at).toBe(first.computed_at);
    // The dispatch base serves the same handlers, and the same cache.
    const viaDispatch = server.client('/dispatch/api');
    await viaDispatch.login('admin', PASSWORD);
    expect((await headways(viaDispatch, 'H1')).result.computed_at).toBe(first.computed_at);
    server.clock.advance(1);
    const later = (await headways(admin, 'H1')).result;
    expect(later.computed_at).toBe(epochSeconds(server.clock));
    expect(later.computed_at).toBeGreaterThan(first.computed_at);
    expect(direction(later, 1).vehicles.map((v) => v.headway)).toEqual([null, 210, 1300, 400]);
  });
});
