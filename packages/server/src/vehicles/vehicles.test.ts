import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany } from '../../test/helpers/server.ts';
import type { OwnLine, VehicleLiveResult, VehicleTreeNode } from '../contract/vehicles.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { userWith } from '../line-map/testing/fixture.ts';
import { seedMapFixture, storePosition } from './testing/fixtures.ts';
import { startVehiclesTestServer } from './testing/server.ts';

// The monitoring map's API on both engines: grouping, counts, live data from the live module and from the
// positions table, permissions, and tenant isolation (company B's vehicles never reach company A).
describe.each(ENGINES)('monitoring map API on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startVehiclesTestServer>>;
  let admin: HeadwayClient;
  let dispatcher: HeadwayClient;
  let adminB: HeadwayClient;
  let companyB = 0;

  beforeAll(async () => {
    server = await startVehiclesTestServer(engine);
    const a = server.demoCompanyId;
    await seedMapFixture(server.store.db, a, [
      {
        carName: 'A-101',
        imei: '860000000000101',
        terminalPhone: '013900000101',
        fleet: 'North',
        line: '10',
        online: true,
      },
      { carName: 'A-102', imei: '860000000000102', terminalPhone: '013900000102', fleet: 'North', line: '10' },
      {
        carName: 'A-201',
        imei: '860000000000201',
        terminalPhone: '013900000201',
        fleet: 'South',
        line: '20',
        online: true,
      },
      { carName: 'A-900', imei: '860000000000900', terminalPhone: '013900000900', fleet: null, line: null },
    ]);
    ({ companyId: companyB } = await seedCompany(server.store, 'Other Lines', 'b-admin'));
    await seedMapFixture(server.store.db, companyB, [
      {
        carName: 'B-1',
        imei: '870000000000001',
        terminalPhone: '014000000001',
        fleet: 'B fleet',
        line: '99',
        online: true,
      },
    ]);
    // A-101 from the positions table; A-201 from the live module (newer than its stored point).
    await storePosition(server.store.db, a, '013900000101', {
      lat: 40.641,
      lng: -74.081,
      speed: 32,
      eventTime: 1_763_780_000,
      mileage: 1234.5,
    });
    await storePosition(server.store.db, a, '013900000101', {
      lat: 40.6405,
      lng: -74.0805,
      speed: 30,
      eventTime: 1_763_779_990,
    });
    await storePosition(server.store.db, a, '013900000201', {
      lat: 40.5,
      lng: -74.2,
      speed: 0,
      eventTime: 1_763_779_000,
    });
    await storePosition(server.store.db, companyB, '014000000001', {
      lat: 41,
      lng: -75,
      speed: 10,
      eventTime: 1_763_780_000,
    });
    server.live.set(a, [
      // The ingest's frame of A-101 (keyed by the vehicle's IMEI, not its terminal phone) for the stored fix, with
      // route progress only the ingest knows.
      {
        imei: '860000000000101',
        lat: 40.641,
        lng: -74.081,
        v: 32,
        a: 90,
        s: 0b11,
        w: 0,
        et: 1_763_780_000,
        rt: 1_763_780_001,
        route: { code: '10', dir: 1, sn: 2, dist: 420 },
      },
      {
        imei: '013900000201',
        lat: 40.631,
        lng: -74.091,
        v: 0,
        a: 180,
        s: 0b10011,
        w: 0,
        et: 1_763_780_100,
        rt: 1_763_780_101,
      },
    ]);

    admin = server.client();
    await admin.login('admin', PASSWORD);
    dispatcher = server.client();
    await dispatcher.login('dispatcher', PASSWORD);
    adminB = server.client();
    await adminB.login('b-admin', PASSWORD);
  });
  afterAll(() => server.close());

  it('groups by fleet, then line, with online and total counts', async () => {
    const reply = await admin.get<VehicleTreeNode[]>('/basic/cars/tree');
    expect(reply.code).toBe(0);
    const tree = reply.result;
    expect(tree.map((g) => [g.label, g.node_type, g.online, g.total])).toEqual([
      ['North', 0, 1, 2],
      ['South', 0, 1, 1],
      ['', 0, 0, 1],
    ]);
    const north = tree[0]!;
    expect(north.children?.map((l) => [l.label, l.node_type, l.routeCode, l.pid])).toEqual([
      ['Line 10', 1, '10', north.gid],
    ]);
    const cars = north.children?.[0]?.children ?? [];
    expect(cars.map((c) => [c.label, c.node_type, c.online, c.node_data.imei])).toEqual([
      ['A-101', 2, 1, '860000000000101'],
      ['A-102', 2, 0, '860000000000102'],
    ]);
    expect(cars[0]).toMatchObject({ state: 'running', color: 'green', lastPos: { lat: 40.641, lng: -74.081 } });
    expect(cars[1]).toMatchObject({ state: 'offline', color: 'gray', lastPos: null });
    const gids = JSON.stringify(tree).match(/"gid":"[^"]+"/g) ?? [];
    expect(new Set(gids).size).toBe(gids.length);
  });

  it('groups by route code when asked', async () => {
    const tree = (await admin.get<VehicleTreeNode[]>('/basic/cars/tree?group_by=group_by_route_code')).result;
    expect(tree.map((l) => [l.label, l.node_type, l.online, l.total])).toEqual([
      ['Line 10', 1, 1, 2],
      ['Line 20', 1, 1, 1],
      ['', 1, 0, 1],
    ]);
    expect(tree[1]?.children?.[0]).toMatchObject({ label: 'A-201', state: 'idle', color: 'purple', pid: tree[1]?.gid });
  });

  it('returns the newest real_data of every vehicle, keyed by the vehicle IMEI', async () => {
    const reply = await admin.get<VehicleLiveResult>('/basic/cars/real');
    expect(reply.code).toBe(0);
    const byName = new Map(reply.result.rows.map((r) => [r.car_name, r]));
    expect([...byName.keys()]).toEqual(['A-101', 'A-102', 'A-201', 'A-900']);
    expect(byName.get('A-101')).toMatchObject({
      online: 1,
      route_code: '10',
      real_data: {
        imei: '860000000000101',
        lat: 40.641,
        v: 32,
        et: 1_763_780_000,
        att: { sat: 11, gsm: 20, max_km: 1234.5 },
        // One vehicle, one key: the live frame under the IMEI and the stored row under the phone are the same fix.
        route: { code: '10', dir: 1, sn: 2, dist: 420 },
      },
    });
    // The live module's copy is newer than the stored one.
    expect(byName.get('A-201')?.real_data).toMatchObject({ lat: 40.631, a: 180, et: 1_763_780_100 });
    expect(byName.get('A-102')).toMatchObject({ online: 0, real_data: null });
  });

  it('lists the lines with path, style and stations', async () => {
    const lines = (await admin.get<OwnLine[]>('/basic/routes/own')).result;
    expect(lines.map((l) => l.route_code)).toEqual(['10', '20']);
    expect(lines[0]?.directions[0]).toMatchObject({
      direction: 1,
      path: '40.6400,-74.0800|40.6300,-74.0900',
      style: { strokeColor: '#2266cc', strokeWeight: 3, strokeOpacity: 0.5 },
      stations: [{ serial: 1, station_name: 'Stop 1' }, { serial: 2 }],
    });
  });

  it('answers base info by IMEI within the company only', async () => {
    const info = await admin.get<{ car_name: string; route_name: string }>('/basic/cars/info?imei=860000000000201');
    expect(info.result).toMatchObject({ car_name: 'A-201', route_name: 'Line 20' });
    expect((await admin.get('/basic/cars/info?imei=870000000000001')).code).toBe(ErrorCode.recordMissing);
  });

  it('lets the demo dispatcher view the map', async () => {
    expect((await dispatcher.get('/basic/cars/tree')).code).toBe(0);
  });

  it("never shows company B's vehicles, positions or lines to company A, nor A's to B", async () => {
    const treeA = JSON.stringify((await admin.get('/basic/cars/tree')).result);
    expect(treeA).not.toContain('B-1');
    const realB = (await adminB.get<VehicleLiveResult>('/basic/cars/real')).result.rows;
    expect(realB.map((r) => r.car_name)).toEqual(['B-1']);
    expect(realB[0]?.real_data).toMatchObject({ lat: 41, lng: -75 });
    const linesB = (await adminB.get<OwnLine[]>('/basic/routes/own')).result;
    expect(linesB.map((l) => l.route_code)).toEqual(['99']);
    const treeB = (await adminB.get<VehicleTreeNode[]>('/basic/cars/tree')).result;
    expect(treeB.map((g) => [g.label, g.total])).toEqual([['B fleet', 1]]);
    expect(companyB).toBeGreaterThan(0);
  });

  it('serves the lists to any monitoring screen (map, line map, track playback) and to nobody else', async () => {
    const trackOnly = await userWith(server, admin, 'track-only', { MonitoringTrack: PermissionBit.view });
    const lineMapOnly = await userWith(server, admin, 'line-map-only', { MonitoringLineMap: PermissionBit.view });
    const usersOnly = await userWith(server, admin, 'users-only', { SystemUser: PermissionBit.view });
    for (const client of [trackOnly, lineMapOnly]) {
      expect((await client.get('/basic/cars/real')).code).toBe(0);
      expect((await client.get('/basic/routes/own')).code).toBe(0);
    }
    expect((await usersOnly.get('/basic/cars/real')).code).toBe(ErrorCode.permission);
    expect((await usersOnly.get('/basic/routes/own')).code).toBe(ErrorCode.permission);
  });

  it('refuses callers without a session', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/basic/cars/real')).code).toBe(ErrorCode.loginExpired);
  });
});
