import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../test/helpers/client.ts';
import { md5 } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany } from '../../test/helpers/server.ts';
import type {
  ConsoleRouteChoice,
  ConsoleRow,
  ConsoleUserChoice,
  ListResult,
  RoleRow,
  UserRow,
} from '../contract/index.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { seedMapFixture } from '../vehicles/testing/fixtures.ts';
import { startVehiclesTestServer } from '../vehicles/testing/server.ts';

// /owner/console on both engines: CRUD with the spec's codes, assignments, the own consoles, permissions and
// tenant isolation. The map's scoping by console is in scope.test.ts.
describe.each(ENGINES)('dispatch consoles API on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startVehiclesTestServer>>;
  let admin: HeadwayClient;
  let dispatcher: HeadwayClient;
  let adminB: HeadwayClient;
  let lines: Map<string, number>;
  let linesB: Map<string, number>;
  let dispatcherId = 0;
  let userB = 0;

  beforeAll(async () => {
    server = await startVehiclesTestServer(engine);
    ({ lineIds: lines } = await seedMapFixture(server.store.db, server.demoCompanyId, [
      { carName: 'A-101', imei: '860000000000101', terminalPhone: '013900000101', fleet: null, line: '10' },
      { carName: 'A-201', imei: '860000000000201', terminalPhone: '013900000201', fleet: null, line: '20' },
    ]));
    const { companyId: companyB } = await seedCompany(server.store, 'Other Lines', 'b-admin');
    ({ lineIds: linesB } = await seedMapFixture(server.store.db, companyB, [
      { carName: 'B-1', imei: '870000000000001', terminalPhone: '014000000001', fleet: null, line: '99' },
    ]));
    admin = server.client();
    await admin.login('admin', PASSWORD);
    dispatcher = server.client();
    await dispatcher.login('dispatcher', PASSWORD);
    dispatcherId = dispatcher.user?.user_id ?? 0;
    adminB = server.client();
    await adminB.login('b-admin', PASSWORD);
    const roles = await adminB.get<ListResult<RoleRow>>('/owner/role');
    const adminRole = roles.result.rows.find((r) => r.role_flag === '@Admin');
    const created = await adminB.post<UserRow>('/owner/user', {
      account: 'b-clerk',
      user_name: 'B clerk',
      password: md5(PASSWORD),
      role_id: adminRole?.role_id,
    });
    userB = created.result.user_id;
  });
  afterAll(() => server.close());

  const line = (code: string) => lines.get(code) ?? 0;

  it('creates, lists, searches, updates and deletes a console', async () => {
    expect((await admin.get('/owner/console/validator?console_name=North%20desk')).result).toBe(true);
    const created = await admin.post<ConsoleRow>('/owner/console', {
      console_name: ' North desk ',
      remark: 'first shift',
      route_ids: [line('10')],
      user_ids: [dispatcherId],
    });
    expect(created.code).toBe(0);
    expect(created.result).toMatchObject({
      console_name: 'North desk',
      remark: 'first shift',
      routes: [{ route_id: line('10'), route_code: '10', route_name: 'Line 10' }],
      users: [{ user_id: dispatcherId, account: 'dispatcher' }],
    });
    const id = created.result.console_id;
    await admin.post<ConsoleRow>('/owner/console', { console_name: 'South desk' });

    const list = await admin.get<ListResult<ConsoleRow>>('/owner/console');
    expect(list.result.total).toBe(2);
    expect(list.result.rows.map((r) => r.console_name)).toEqual(['North desk', 'South desk']);
    const found = await admin.get<ListResult<ConsoleRow>>('/owner/console?search=nORth');
    expect(found.result.rows.map((r) => r.console_id)).toEqual([id]);

    // Assignments absent from PUT stay; present ones replace.
    const renamed = await admin.put<ConsoleRow>('/owner/console', { console_id: id, console_name: 'North' });
    expect(renamed.result).toMatchObject({
      console_name: 'North',
      remark: 'first shift',
      routes: [{ route_code: '10' }],
    });
    const replaced = await admin.put<ConsoleRow>('/owner/console', {
      console_id: id,
      console_name: 'North',
      route_ids: [line('20'), line('10'), line('20')],
      user_ids: [],
    });
    expect(replaced.result.routes.map((r) => r.route_code)).toEqual(['10', '20']);
    expect(replaced.result.users).toEqual([]);

    expect((await admin.delete(`/owner/console/${id}`)).code).toBe(0);
    expect((await admin.delete(`/owner/console/${id}`)).code).toBe(ErrorCode.recordMissing);
    const after = await admin.get<ListResult<ConsoleRow>>('/owner/console');
    expect(after.result.rows.map((r) => r.console_name)).toEqual(['South desk']);
  });

  it('refuses an empty or taken name with 1004 on console_name; the validator agrees', async () => {
    const empty = await admin.post('/owner/console', { console_name: '' });
    expect(empty.code).toBe(ErrorCode.parameter);
    const blank = await admin.post('/owner/console', { console_name: '   ' });
    expect(blank).toMatchObject({ code: ErrorCode.parameter, result: { field: 'console_name' } });
    const missing = await admin.post('/owner/console', { remark: 'no name' });
    expect(missing.code).toBe(ErrorCode.parameter);

    const taken = await admin.post('/owner/console', { console_name: 'SOUTH DESK' });
    expect(taken).toMatchObject({ code: ErrorCode.parameter, result: { field: 'console_name' } });
    const validator = await admin.get('/owner/console/validator?console_name=south%20desk');
    expect(validator).toMatchObject({ code: ErrorCode.parameter, result: { field: 'console_name' } });

    const other = await admin.post<ConsoleRow>('/owner/console', { console_name: 'East desk' });
    const id = other.result.console_id;
    // A console keeps its own name; it cannot take another's.
    expect((await admin.get(`/owner/console/validator?console_name=east%20DESK&console_id=${id}`)).result).toBe(true);
    const clash = await admin.put('/owner/console', { console_id: id, console_name: 'South desk' });
    expect(clash).toMatchObject({ code: ErrorCode.parameter, result: { field: 'console_name' } });
    const long = await admin.post('/owner/console', { console_name: 'x'.repeat(65) });
    expect(long.code).toBe(ErrorCode.parameter);
    await admin.delete(`/owner/console/${id}`);
  });

  it("assigns lines and users through /route and /user, and shows a user's own consoles", async () => {
    const created = await admin.post<ConsoleRow>('/owner/console', { console_name: 'Line desk' });
    const id = created.result.console_id;

    const none = await admin.get<ConsoleRouteChoice[]>(`/owner/console/route?console_id=${id}`);
    expect(none.result.map((r) => [r.route_code, r.is_checked])).toEqual([
      ['10', 0],
      ['20', 0],
    ]);
    const set = await admin.post<ConsoleRouteChoice[]>('/owner/console/route', {
      console_id: id,
      route_ids: [line('20')],
    });
    expect(set.result.map((r) => [r.route_code, r.is_checked])).toEqual([
      ['10', 0],
      ['20', 1],
    ]);
    // Without a console: the choices for a console being created.
    const choices = await admin.get<ConsoleRouteChoice[]>('/owner/console/route');
    expect(choices.result.every((r) => r.is_checked === 0)).toBe(true);

    const users = await admin.post<ConsoleUserChoice[]>('/owner/console/user', {
      console_id: id,
      user_ids: [dispatcherId],
    });
    expect(users.result.map((u) => [u.account, u.is_checked])).toEqual([
      ['admin', 0],
      ['dispatcher', 1],
    ]);
    expect((await admin.get<ConsoleUserChoice[]>(`/owner/console/user?console_id=${id}`)).result).toEqual(users.result);

    const own = await dispatcher.get<ConsoleRow[]>('/owner/console/own');
    expect(own.result.map((c) => [c.console_name, c.routes.map((r) => r.route_code)])).toEqual([['Line desk', ['20']]]);
    expect((await admin.get<ConsoleRow[]>('/owner/console/own')).result).toEqual([]);

    await admin.post('/owner/console/user', { console_id: id, user_ids: [] });
    expect((await dispatcher.get<ConsoleRow[]>('/owner/console/own')).result).toEqual([]);
    await admin.delete(`/owner/console/${id}`);
  });

  it('needs the SystemConsole bits (1005), except for the own consoles', async () => {
    expect((await dispatcher.get('/owner/console')).code).toBe(ErrorCode.permission);
    expect((await dispatcher.get('/owner/console/route')).code).toBe(ErrorCode.permission);
    expect((await dispatcher.get('/owner/console/user')).code).toBe(ErrorCode.permission);
    expect((await dispatcher.get('/owner/console/validator?console_name=x')).code).toBe(ErrorCode.permission);
    expect((await dispatcher.post('/owner/console', { console_name: 'Mine' })).code).toBe(ErrorCode.permission);
    expect((await dispatcher.put('/owner/console', { console_id: 1, console_name: 'Mine' })).code).toBe(
      ErrorCode.permission,
    );
    expect((await dispatcher.delete('/owner/console/1')).code).toBe(ErrorCode.permission);
    expect((await dispatcher.post('/owner/console/route', { console_id: 1, route_ids: [] })).code).toBe(
      ErrorCode.permission,
    );
    expect((await dispatcher.post('/owner/console/user', { console_id: 1, user_ids: [] })).code).toBe(
      ErrorCode.permission,
    );
    expect((await dispatcher.get('/owner/console/own')).code).toBe(0);
  });

  it("keeps companies apart: B's console is missing (1008), B's lines and users are refused (1004)", async () => {
    const b = await adminB.post<ConsoleRow>('/owner/console', { console_name: 'South desk' });
    // Names are unique per company, not per deployment.
    expect(b.code).toBe(0);
    const bId = b.result.console_id;
    const a = await admin.post<ConsoleRow>('/owner/console', { console_name: 'Isolation desk' });
    const aId = a.result.console_id;

    expect(
      (await admin.get<ListResult<ConsoleRow>>('/owner/console')).result.rows.map((r) => r.console_id),
    ).not.toContain(bId);
    expect((await admin.put('/owner/console', { console_id: bId, console_name: 'Mine' })).code).toBe(
      ErrorCode.recordMissing,
    );
    expect((await admin.delete(`/owner/console/${bId}`)).code).toBe(ErrorCode.recordMissing);
    expect((await admin.get(`/owner/console/route?console_id=${bId}`)).code).toBe(ErrorCode.recordMissing);
    expect((await admin.get(`/owner/console/user?console_id=${bId}`)).code).toBe(ErrorCode.recordMissing);
    expect((await admin.post('/owner/console/route', { console_id: bId, route_ids: [] })).code).toBe(
      ErrorCode.recordMissing,
    );
    expect((await admin.post('/owner/console/user', { console_id: bId, user_ids: [] })).code).toBe(
      ErrorCode.recordMissing,
    );

    const bLine = linesB.get('99') ?? 0;
    expect(await admin.post('/owner/console/route', { console_id: aId, route_ids: [line('10'), bLine] })).toMatchObject(
      {
        code: ErrorCode.parameter,
        result: { field: 'route_ids' },
      },
    );
    expect(await admin.post('/owner/console/user', { console_id: aId, user_ids: [userB] })).toMatchObject({
      code: ErrorCode.parameter,
      result: { field: 'user_ids' },
    });
    expect(await admin.post('/owner/console', { console_name: 'Sneaky', route_ids: [bLine] })).toMatchObject({
      code: ErrorCode.parameter,
      result: { field: 'route_ids' },
    });
    expect(
      await admin.put('/owner/console', { console_id: aId, console_name: 'Isolation desk', user_ids: [userB] }),
    ).toMatchObject({
      code: ErrorCode.parameter,
      result: { field: 'user_ids' },
    });
    // Nothing was half-applied.
    const choices = await admin.get<ConsoleRouteChoice[]>(`/owner/console/route?console_id=${aId}`);
    expect(choices.result.filter((r) => r.is_checked === 1)).toEqual([]);
    expect(choices.result.map((r) => r.route_code)).not.toContain('99');
    const users = await admin.get<ConsoleUserChoice[]>('/owner/console/user');
    expect(users.result.map((u) => u.account)).toEqual(['admin', 'dispatcher']);
    await admin.delete(`/owner/console/${aId}`);
  });
});
