import { DEFAULT_DEVICE_CAPABILITIES } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import { signedInUserWith } from '../../../test/helpers/users.ts';
import type { ChangeRouteResult } from '../../contract/commands.ts';
import { PermissionBit } from '../../contract/index.ts';
import type { VehicleLiveResult } from '../../contract/vehicles.ts';
import { commandDb } from '../schema.ts';
import { type CommandServer, startCommandServer } from './testing/server.ts';

describe.each(ENGINES)('change route on %s', (engine) => {
  let server: CommandServer;
  let admin: HeadwayClient;
  const announced: number[] = [];

  beforeAll(async () => {
    server = await startCommandServer(engine, { announceDirectoryChange: (companyId) => announced.push(companyId) });
    admin = await server.admin();
  });
  afterAll(async () => {
    await server?.close();
  });

  const binding = (carId: number) =>
    commandDb(server.store.db)
      .selectFrom('vehicles')
      .select(['line_id', 'in_service'])
      .where('id', '=', carId)
      .executeTakeFirstOrThrow();

  it('moves the vehicle onto the line, tells the ingest, logs it, and the live rows follow', async () => {
    const { bus1, bus2 } = server.fleet;
    const moved = await admin.post<ChangeRouteResult>('/dispatch/change-route', {
      car_id: bus1.carId,
      route_id: bus2.lineId,
      type: 2,
      route_code: 'L2',
      attr: 'detour',
    });
    expect(moved.code).toBe(0);
    expect(moved.result).toEqual({ car_id: bus1.carId, route_id: bus2.lineId, route_code: 'L2', in_service: 1 });
    expect(await binding(bus1.carId)).toEqual({ line_id: bus2.lineId, in_service: 1 });
    expect(announced).toEqual([server.demoCompanyId]);

    const log = await commandDb(server.store.db)
      .selectFrom('dispatch_log')
      .selectAll()
      .where('action', '=', 'change-route')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ command: 0, state: 2, result: 0, vehicle_id: bus1.carId, account: 'admin' });
    expect(JSON.parse(log.request)).toMatchObject({ route_id: bus2.lineId, type: 2, attr: 'detour' });

    const real = await admin.get<VehicleLiveResult>('/basic/cars/real');
    const row = real.result.rows.find((r) => r.car_id === bus1.carId);
    expect(row).toMatchObject({ route_id: bus2.lineId, route_code: 'L2', capabilities: DEFAULT_DEVICE_CAPABILITIES });
  });

  it('takes the vehicle out of service with type 128 and back with any other', async () => {
    const { bus1 } = server.fleet;
    const out = await admin.post<ChangeRouteResult>('/dispatch/change-route', {
      car_id: bus1.carId,
      route_id: bus1.lineId,
      type: 128,
    });
    expect(out.result).toMatchObject({ route_id: bus1.lineId, route_code: 'L1', in_service: 0 });
    expect(await binding(bus1.carId)).toEqual({ line_id: bus1.lineId, in_service: 0 });
    const back = await admin.post<ChangeRouteResult>('/dispatch/change-route', {
      car_id: bus1.carId,
      route_id: bus1.lineId,
      type: 3,
    });
    expect(back.result.in_service).toBe(1);
  });

  it('finds no other company’s line or vehicle (1008) and refuses a bad type (1004)', async () => {
    const { bus1, other } = server.fleet;
    const foreignLine = await admin.post('/dispatch/change-route', {
      car_id: bus1.carId,
      route_id: other.lineId,
      type: 1,
    });
    expect(foreignLine.code).toBe(1008);
    const foreignCar = await admin.post('/dispatch/change-route', {
      car_id: other.carId,
      route_id: bus1.lineId,
      type: 1,
    });
    expect(foreignCar.code).toBe(1008);
    const badType = await admin.post('/dispatch/change-route', { car_id: bus1.carId, route_id: bus1.lineId, type: 4 });
    expect(badType.code).toBe(1004);
    expect(await binding(bus1.carId)).toEqual({ line_id: bus1.lineId, in_service: 1 });
  });

  it('needs edit, and keeps a console user to their consoles’ lines', async () => {
    const { bus1, bus2 } = server.fleet;
    const viewer = await signedInUserWith(server, admin, `route-viewer-${engine}`, {
      MonitoringMap: PermissionBit.view,
    });
    const refused = await viewer.post('/dispatch/change-route', { car_id: bus1.carId, route_id: bus2.lineId, type: 1 });
    expect(refused.code).toBe(1005);
    const desk = await signedInUserWith(
      server,
      admin,
      `route-desk-${engine}`,
      { MonitoringMap: PermissionBit.view | PermissionBit.edit },
      [bus1.lineId],
    );
    const outside = await desk.post('/dispatch/change-route', { car_id: bus1.carId, route_id: bus2.lineId, type: 1 });
    expect(outside.code).toBe(1008);
    const inside = await desk.post('/dispatch/change-route', { car_id: bus1.carId, route_id: bus1.lineId, type: 1 });
    expect(inside.code).toBe(0);
  });
});
