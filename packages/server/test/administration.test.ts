import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_USER_CONFIG,
  type ListResult,
  type RoleRow,
  type ScreenEntry,
  type UserConfig,
  type UserRow,
} from '../src/contract/index.ts';
import { ErrorCode } from '../src/kernel/errors.ts';
import { type HeadwayClient, md5 } from './helpers/client.ts';
import { ENGINES } from './helpers/database.ts';
import { PASSWORD, startTestServer, type TestServer } from './helpers/server.ts';

describe.each(ENGINES)('users, roles and the own profile on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = server.client();
    await admin.login('admin', PASSWORD);
  });
  afterAll(() => server.close());

  it('merges a partial user config over the defaults and keeps earlier keys', async () => {
    const first = await admin.put<UserConfig>('/owner/user/config', {
      alarm_sound: 'police.wav',
      settings: { theme: '#000' },
    });
    expect(first.result).toEqual({ ...DEFAULT_USER_CONFIG, alarm_sound: 'police.wav', settings: { theme: '#000' } });
    const second = await admin.put<UserConfig>('/owner/user/config', {
      line_map_column_count: 2,
      settings: { tagsView: false },
    });
    expect(second.result).toMatchObject({
      alarm_sound: 'police.wav',
      line_map_column_count: 2,
      settings: { theme: '#000', tagsView: false },
    });
    expect(
      (await admin.get<{ user_config: UserConfig }>('/owner/user/info')).result.user_config.line_map_column_count,
    ).toBe(2);
    expect((await admin.put('/owner/user/config', { alarm_sound: 'siren.mp3' })).code).toBe(ErrorCode.parameter);
  });

  it('updates the own profile', async () => {
    const reply = await admin.put('/owner/user/info', {
      user_name: 'Chief',
      email: 'chief@example.com',
      remark: 'r',
      img_url: '',
    });
    expect(reply.result).toMatchObject({ user_name: 'Chief', email: 'chief@example.com' });
  });

  it('creates, lists, updates and deletes a user; the validator follows', async () => {
    expect((await admin.get('/owner/user/validator?account=clerk1')).result).toBe(true);
    const roles = await admin.get<ListResult<RoleRow>>('/owner/role');
    const dispatcherRole = roles.result.rows.find((r) => r.role_name === 'Dispatcher');
    const created = await admin.post<UserRow>('/owner/user', {
      account: 'clerk1',
      user_name: 'Clerk One',
      password: md5('clerk-pass1'),
      email: 'c1@example.com',
      role_id: dispatcherRole?.role_id,
    });
    expect(created.result).toMatchObject({ account: 'clerk1', role_name: 'Dispatcher', state: 0, online: false });
    expect((await admin.get('/owner/user/validator?account=CLERK1')).code).toBe(ErrorCode.accountRegistered);

    const list = await admin.get<ListResult<UserRow>>('/owner/user?search=clerk');
    expect(list.result).toMatchObject({ total: 1, rows: [{ account: 'clerk1' }] });
    const byState = await admin.get<ListResult<UserRow>>('/owner/user?state=1');
    expect(byState.result.total).toBe(0);

    const clerk = server.client();
    expect((await clerk.login('clerk1', 'clerk-pass1')).code).toBe(0);
    expect((await admin.get<ListResult<UserRow>>('/owner/user?search=clerk1')).result.rows[0]?.online).toBe(true);

    // Disabling ends the user's sessions and refuses new logins.
    const disabled = await admin.put<UserRow>('/owner/user', {
      user_id: created.result.user_id,
      user_name: 'Clerk One',
      role_id: dispatcherRole?.role_id,
      state: 1,
    });
    expect(disabled.result).toMatchObject({ state: 1, online: false });
    expect((await clerk.get('/owner/user/info')).code).toBe(ErrorCode.loginExpired);
    expect((await server.client().login('clerk1', 'clerk-pass1')).code).toBe(ErrorCode.permission);

    // A password reset by the administrator.
    await admin.put('/owner/user', {
      user_id: created.result.user_id,
      user_name: 'Clerk One',
      role_id: dispatcherRole?.role_id,
      state: 0,
      password: md5('reset-pass2'),
    });
    expect((await server.client().login('clerk1', 'reset-pass2')).code).toBe(0);

    expect((await admin.delete(`/owner/user/${created.result.user_id}`)).code).toBe(0);
    expect((await admin.delete(`/owner/user/${created.result.user_id}`)).code).toBe(ErrorCode.recordMissing);
    expect((await admin.get('/owner/user/validator?account=clerk1')).result).toBe(true);
  });

  it('refuses to delete or demote oneself', async () => {
    const me = admin.user;
    // `rule: 'self'` is the key the console translates into "you cannot delete your own account".
    expect(await admin.delete(`/owner/user/${me?.user_id}`)).toMatchObject({
      code: ErrorCode.parameter,
      result: { field: 'id', rule: 'self' },
    });
    const demote = await admin.put('/owner/user', {
      user_id: me?.user_id,
      user_name: 'x',
      role_id: me?.role_id,
      state: 1,
    });
    expect(demote).toMatchObject({ code: ErrorCode.parameter, result: { field: 'state', rule: 'self' } });
  });

  it('lists the screens a mask can be set on', async () => {
    const screens = await admin.get<ScreenEntry[]>('/owner/role/screens');
    expect(screens.result).toEqual([
      { name: 'Dashboard', title: 'route.dashboard', parent: null },
      { name: 'BasicOrganisation', title: 'route.basicOrganisation', parent: 'Basic' },
      { name: 'BasicCompany', title: 'route.basicCompany', parent: 'Basic' },
      { name: 'BasicFleet', title: 'route.basicFleet', parent: 'Basic' },
      { name: 'BasicEmployee', title: 'route.basicEmployee', parent: 'Basic' },
      { name: 'BasicIcCard', title: 'route.basicIcCard', parent: 'Basic' },
      { name: 'BasicVehicle', title: 'route.basicVehicle', parent: 'Basic' },
      { name: 'BasicDeviceType', title: 'route.basicDeviceType', parent: 'Basic' },
      { name: 'BasicSim', title: 'route.basicSim', parent: 'Basic' },
      { name: 'BasicDevice', title: 'route.basicDevice', parent: 'Basic' },
      { name: 'BasicRoute', title: 'route.basicRoute', parent: 'Basic' },
      { name: 'BasicBusStop', title: 'route.basicBusStop', parent: 'Basic' },
      { name: 'BasicStation', title: 'route.basicStation', parent: 'Basic' },
      { name: 'BasicRegion', title: 'route.basicRegion', parent: 'Basic' },
      { name: 'BasicDisplayInfo', title: 'route.basicDisplayInfo', parent: 'Basic' },
      { name: 'BasicVehicleInsurance', title: 'route.basicVehicleInsurance', parent: 'Basic' },
      { name: 'BasicVehicleLicence', title: 'route.basicVehicleLicence', parent: 'Basic' },
      { name: 'BasicVehicleExpiry', title: 'route.basicVehicleExpiry', parent: 'Basic' },
      { name: 'BasicVehicleType', title: 'route.basicVehicleType', parent: 'Basic' },
      { name: 'BasicVehicleRenewal', title: 'route.basicVehicleRenewal', parent: 'Basic' },
      { name: 'BasicAlarmType', title: 'route.basicAlarmType', parent: 'Basic' },
      { name: 'MonitoringMap', title: 'route.monitoringMap', parent: 'Monitoring' },
      { name: 'MonitoringLineMap', title: 'route.monitoringLineMap', parent: 'Monitoring' },
      { name: 'MonitoringTrack', title: 'route.monitoringTrack', parent: 'Monitoring' },
      { name: 'MonitoringVideo', title: 'route.monitoringVideo', parent: 'Monitoring' },
      { name: 'MonitoringVod', title: 'route.monitoringVod', parent: 'Monitoring' },
      { name: 'SafetyActiveSafety', title: 'route.safetyActiveSafety', parent: 'Safety' },
      { name: 'SystemUser', title: 'route.systemUser', parent: 'System' },
      { name: 'SystemRole', title: 'route.systemRole', parent: 'System' },
      { name: 'SystemConsole', title: 'route.systemConsole', parent: 'System' },
      { name: 'SystemOnline', title: 'route.systemOnline', parent: 'System' },
      { name: 'SystemLogDispatch', title: 'route.systemLogDispatch', parent: 'System' },
      { name: 'SystemLogMessage', title: 'route.systemLogMessage', parent: 'System' },
    ]);
  });

  it('creates, updates and deletes a custom role; shared roles are read-only; a held role cannot go', async () => {
    const created = await admin.post<RoleRow>('/owner/role', {
      role_name: 'Auditor',
      remark: 'reads',
      permissions: { SystemUser: 1, SystemOnline: 1 },
    });
    expect(created.result).toMatchObject({ role_name: 'Auditor', role_flag: '@User', is_share: 0, user_count: 0 });
    const unknown = await admin.post('/owner/role', { role_name: 'Bad', permissions: { NoSuchScreen: 1 } });
    expect(unknown).toMatchObject({ code: ErrorCode.parameter, result: { field: 'permissions.NoSuchScreen' } });
    const tooBig = await admin.post('/owner/role', { role_name: 'Bad', permissions: { SystemUser: 4096 } });
    expect(tooBig.code).toBe(ErrorCode.parameter);

    const updated = await admin.put<RoleRow>('/owner/role', {
      role_id: created.result.role_id,
      role_name: 'Auditor 2',
      permissions: { SystemUser: 33 },
    });
    expect(updated.result).toMatchObject({ role_name: 'Auditor 2', permissions: { SystemUser: 33 } });

    const shared = (await admin.get<ListResult<RoleRow>>('/owner/role')).result.rows.find((r) => r.is_share === 1);
    expect(
      (await admin.put('/owner/role', { role_id: shared?.role_id, role_name: 'Mine', permissions: {} })).code,
    ).toBe(ErrorCode.permission);
    expect((await admin.delete(`/owner/role/${shared?.role_id}`)).code).toBe(ErrorCode.permission);

    const holder = await admin.post<UserRow>('/owner/user', {
      account: 'auditor1',
      user_name: 'Auditor',
      password: md5('auditor-pass1'),
      role_id: created.result.role_id,
    });
    expect((await admin.delete(`/owner/role/${created.result.role_id}`)).code).toBe(ErrorCode.parameter);
    await admin.delete(`/owner/user/${holder.result.user_id}`);
    expect((await admin.delete(`/owner/role/${created.result.role_id}`)).code).toBe(0);
  });

  it('lists the shared roles first, then the company’s own, with paging', async () => {
    const roles = await admin.get<ListResult<RoleRow>>('/owner/role?limit=10');
    expect(roles.result.rows.map((r) => r.is_share)).toEqual([1, 1, 0]);
    expect(roles.result.rows.map((r) => r.role_flag)).toEqual(['@System', '@Admin', '@User']);
    const found = await admin.get<ListResult<RoleRow>>('/owner/role?search=DISPATCH');
    expect(found.result).toMatchObject({ total: 1, rows: [{ role_name: 'Dispatcher', user_count: 1 }] });
    const literal = await admin.get<ListResult<RoleRow>>(`/owner/role?search=${encodeURIComponent('%')}`);
    expect(literal.result.total).toBe(0);
  });

  it('refuses to hand out the platform @System role', async () => {
    const system = (await admin.get<ListResult<RoleRow>>('/owner/role')).result.rows.find(
      (r) => r.role_flag === '@System',
    );
    const reply = await admin.post('/owner/user', {
      account: 'root2',
      user_name: 'Root',
      password: md5('root-pass1'),
      role_id: system?.role_id,
    });
    expect(reply.code).toBe(ErrorCode.permission);
  });
});
