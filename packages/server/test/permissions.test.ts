import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../src/contract/index.ts';
import { ErrorCode } from '../src/kernel/errors.ts';
import { md5 } from './helpers/client.ts';
import { ENGINES } from './helpers/database.ts';
import { PASSWORD, startTestServer, type TestServer } from './helpers/server.ts';

const names = (tree: MenuNode[]): string[] => tree.flatMap((n) => [n.name, ...names(n.children ?? [])]);

describe.each(ENGINES)('permissions and the menu tree on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('gives @Admin every screen with the full mask', async () => {
    const admin = server.client();
    await admin.login('admin', PASSWORD);
    const tree = (await admin.get<MenuNode[]>('/vue/routes')).result;
    expect(names(tree)).toEqual([
      'Dashboard',
      'Basic',
      'BasicOrganisation',
      'BasicCompany',
      'BasicFleet',
      'BasicEmployee',
      'BasicIcCard',
      'BasicVehicle',
      'BasicDeviceType',
      'BasicSim',
      'BasicDevice',
      'BasicRoute',
      'BasicBusStop',
      'BasicStation',
      'BasicRegion',
      'BasicDisplayInfo',
      'BasicVehicleInsurance',
      'BasicVehicleLicence',
      'BasicVehicleExpiry',
      'BasicVehicleType',
      'BasicVehicleRenewal',
      'BasicAlarmType',
      'Monitoring',
      'MonitoringMap',
      'MonitoringLineMap',
      'MonitoringTrack',
      'MonitoringVideo',
      'MonitoringVod',
      'Safety',
      'SafetyActiveSafety',
      'System',
      'SystemUser',
      'SystemRole',
      'SystemConsole',
      'SystemOnline',
      'SystemLogDispatch',
      'SystemLogMessage',
    ]);
    const system = tree.find((n) => n.name === 'System');
    expect(system).toMatchObject({ path: '/system', component: 'Layout', meta: { permission: 2047 } });
    expect(system?.children?.map((c) => c.meta.permission)).toEqual([2047, 2047, 2047, 2047, 2047, 2047]);
    expect(tree[0]).toMatchObject({
      path: '/dashboard',
      component: 'dashboard/index',
      meta: { affix: true, permission: 2047 },
    });
  });

  it('shows a @User role only the screens its masks can view, with those masks', async () => {
    const dispatcher = server.client();
    await dispatcher.login('dispatcher', PASSWORD);
    const tree = (await dispatcher.get<MenuNode[]>('/vue/routes')).result;
    expect(names(tree)).toEqual([
      'Dashboard',
      'Monitoring',
      'MonitoringMap',
      'MonitoringLineMap',
      'MonitoringTrack',
      'MonitoringVideo',
      'MonitoringVod',
      'Safety',
      'SafetyActiveSafety',
      'System',
      'SystemOnline',
    ]);
    expect(tree.find((n) => n.name === 'System')?.children?.[0]).toMatchObject({
      path: 'online',
      component: 'system/online/index',
      meta: { permission: 1 },
    });
  });

  it('refuses calls whose screen bit the role lacks (1005) and allows those it holds', async () => {
    const dispatcher = server.client();
    await dispatcher.login('dispatcher', PASSWORD);
    const create = await dispatcher.post('/owner/user', {
      account: 'sneaky',
      user_name: 'Sneaky',
      password: md5('whatever1'),
      role_id: 1,
    });
    expect(create.code).toBe(ErrorCode.permission);
    expect((await dispatcher.get('/owner/user')).code).toBe(ErrorCode.permission);
    expect((await dispatcher.get('/owner/role')).code).toBe(ErrorCode.permission);
    expect((await dispatcher.get('/owner/user/online')).code).toBe(0);
    // View on SystemOnline does not include edit: forcing someone offline needs it.
    expect((await dispatcher.post('/owner/user/offline', { user_id: 1 })).code).toBe(ErrorCode.permission);
  });

  it('checks permission before validating the body, so a refused caller learns nothing of its shape', async () => {
    const dispatcher = server.client();
    await dispatcher.login('dispatcher', PASSWORD);
    expect((await dispatcher.post('/owner/user', { nonsense: true })).code).toBe(ErrorCode.permission);
  });

  it('applies a role change to the menu and the API on the next request', async () => {
    const admin = server.client();
    await admin.login('admin', PASSWORD);
    const roles = await admin.get<{ rows: { role_id: number; role_name: string }[] }>('/owner/role');
    const dispatcherRole = roles.result.rows.find((r) => r.role_name === 'Dispatcher');
    expect(dispatcherRole).toBeDefined();

    const dispatcher = server.client();
    await dispatcher.login('dispatcher', PASSWORD);
    const updated = await admin.put('/owner/role', {
      role_id: dispatcherRole?.role_id,
      role_name: 'Dispatcher',
      permissions: { Dashboard: 1, SystemOnline: 1, SystemUser: 1 | 2 },
    });
    expect(updated.code).toBe(0);
    expect(names((await dispatcher.get<MenuNode[]>('/vue/routes')).result)).toContain('SystemUser');
    expect((await dispatcher.get('/owner/user')).code).toBe(0);
    expect((await dispatcher.delete('/owner/user/1')).code).toBe(ErrorCode.permission);

    await admin.put('/owner/role', {
      role_id: dispatcherRole?.role_id,
      role_name: 'Dispatcher',
      permissions: { Dashboard: 1, SystemOnline: 1 },
    });
    expect((await dispatcher.get('/owner/user')).code).toBe(ErrorCode.permission);
  });
});
