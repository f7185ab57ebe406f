import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../test/helpers/client.ts';
import { createTestStore, ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD } from '../../test/helpers/server.ts';
import { buildApp } from '../app.ts';
import type { ConsoleRow, OwnLine, VehicleLiveResult, VehicleTreeNode } from '../contract/index.ts';
import { seedDemo } from '../demo/seed.ts';
import { insertStationEvents } from '../departures/queries.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { ManualClock } from '../kernel/time.ts';
import type { Engine } from '../store/db.ts';
import { seedMapFixture } from '../vehicles/testing/fixtures.ts';

// The scoping rule on the REST side (docs/decisions.md "Consoles"): a user in a console sees only the vehicles
// of its lines in the vehicle tree, the full refresh, the lines to draw, base info and the depart/arrive search;
// a user in no console sees the whole company. The live channel's side is in live/live.test.ts.

async function startServer(engine: Engine) {
  const { store, drop } = await createTestStore(engine);
  const clock = new ManualClock();
  const demo = await seedDemo(store.db, { password: PASSWORD, clock });
  const app = await buildApp({ db: store.db, clock, liveFeed: () => ({ latestPositions: () => [] }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    store,
    companyId: demo.companyId,
    client: () => new HeadwayClient(url, '/api', () => clock.now()),
    async close() {
      await app.close();
      await drop();
    },
  };
}

describe.each(ENGINES)('console scope on the map API on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let admin: HeadwayClient;
  let dispatcher: HeadwayClient;
  let lines: Map<string, number>;
  let cars: Map<string, number>;
  let consoleId = 0;

  const treeCars = (tree: VehicleTreeNode[]): string[] =>
    tree.flatMap((n) => (n.node_type === 2 ? [n.label] : treeCars(n.children ?? [])));
  const realCars = async (client: HeadwayClient) =>
    (await client.get<VehicleLiveResult>('/basic/cars/real')).result.rows.map((r) => r.car_name);

  beforeAll(async () => {
    server = await startServer(engine);
    ({ lineIds: lines, carIds: cars } = await seedMapFixture(server.store.db, server.companyId, [
      { carName: 'A-101', imei: '860000000000101', terminalPhone: '013900000101', fleet: 'North', line: '10' },
      { carName: 'A-201', imei: '860000000000201', terminalPhone: '013900000201', fleet: 'South', line: '20' },
      { carName: 'A-900', imei: '860000000000900', terminalPhone: '013900000900', fleet: null, line: null },
    ]));
    const event = (car: string, route: string, time: number) => ({
      company_id: server.companyId,
      imei: car,
      terminal_phone: '',
      car_id: cars.get(car) ?? 0,
      car_name: car,
      route_code: route,
      route_name: `Line ${route}`,
      direction: 1,
      serial: 1,
      station_name: 'Stop 1',
      flag: 1,
      event_time: time,
      state: 0,
      support: 0,
      created_at: time,
    });
    await insertStationEvents(server.store.db, [event('A-101', '10', 100), event('A-201', '20', 200)]);
    admin = server.client();
    await admin.login('admin', PASSWORD);
    dispatcher = server.client();
    await dispatcher.login('dispatcher', PASSWORD);
  });
  afterAll(() => server.close());

  it('shows the whole company to a user in no console', async () => {
    expect(await realCars(dispatcher)).toEqual(['A-101', 'A-201', 'A-900']);
    const tree = await dispatcher.get<VehicleTreeNode[]>('/basic/cars/tree');
    expect(treeCars(tree.result).sort()).toEqual(['A-101', 'A-201', 'A-900']);
  });

  it("narrows every read to the console's lines once the user is assigned", async () => {
    const created = await admin.post<ConsoleRow>('/owner/console', {
      console_name: 'Line 10 desk',
      route_ids: [lines.get('10')],
      user_ids: [dispatcher.user?.user_id],
    });
    consoleId = created.result.console_id;

    expect(await realCars(dispatcher)).toEqual(['A-101']);
    const tree = await dispatcher.get<VehicleTreeNode[]>('/basic/cars/tree');
    expect(treeCars(tree.result)).toEqual(['A-101']);
    expect(tree.result.map((g) => g.label)).toEqual(['North']);
    const byRoute = await dispatcher.get<VehicleTreeNode[]>('/basic/cars/tree?group_by=group_by_route_code');
    expect(byRoute.result.map((n) => n.routeCode)).toEqual(['10']);
    const own = await dispatcher.get<OwnLine[]>('/basic/routes/own');
    expect(own.result.map((l) => l.route_code)).toEqual(['10']);
    expect(own.result[0]?.directions[0]?.stations).toHaveLength(2);
    expect((await dispatcher.get('/basic/cars/info?imei=860000000000101')).code).toBe(0);
    expect((await dispatcher.get('/basic/cars/info?imei=860000000000201')).code).toBe(ErrorCode.recordMissing);
    const events = await dispatcher.post<{ total: number; rows: { car_name: string }[] }>('/device/depart/arrive', {});
    expect(events.result).toMatchObject({ total: 1, rows: [{ car_name: 'A-101' }] });
    const filtered = await dispatcher.post<{ total: number }>('/device/depart/arrive', { data: { route_code: '20' } });
    expect(filtered.result.total).toBe(0);

    // The administrator, in no console, still sees everything.
    expect(await realCars(admin)).toEqual(['A-101', 'A-201', 'A-900']);
    expect((await admin.post<{ total: number }>('/device/depart/arrive', {})).result.total).toBe(2);
  });

  it('sees nothing through a console without lines, and everything again once unassigned', async () => {
    await admin.post('/owner/console/route', { console_id: consoleId, route_ids: [] });
    expect(await realCars(dispatcher)).toEqual([]);
    expect((await dispatcher.get<VehicleTreeNode[]>('/basic/cars/tree')).result).toEqual([]);
    expect((await dispatcher.get<OwnLine[]>('/basic/routes/own')).result).toEqual([]);
    expect((await dispatcher.post<{ total: number }>('/device/depart/arrive', {})).result.total).toBe(0);

    // Two consoles: the union of their lines.
    await admin.post('/owner/console/route', { console_id: consoleId, route_ids: [lines.get('10')] });
    await admin.post('/owner/console', {
      console_name: 'Line 20 desk',
      route_ids: [lines.get('20')],
      user_ids: [dispatcher.user?.user_id],
    });
    expect(await realCars(dispatcher)).toEqual(['A-101', 'A-201']);

    expect((await admin.delete(`/owner/console/${consoleId}`)).code).toBe(0);
    expect(await realCars(dispatcher)).toEqual(['A-201']);
  });
});
