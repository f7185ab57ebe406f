import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResult, OnlineSession, RoleRow, UserRow } from '../src/contract/index.ts';
import { ErrorCode } from '../src/kernel/errors.ts';
import type { HeadwayClient } from './helpers/client.ts';
import { md5 } from './helpers/client.ts';
import { ENGINES } from './helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from './helpers/server.ts';

// Company A is the demo company; company B is a second tenant. A's administrator holds the full mask,
// so every refusal below comes from tenant scoping, not from permissions.
describe.each(ENGINES)('tenant isolation on %s', (engine) => {
  let server: TestServer;
  let adminA: HeadwayClient;
  let adminB: HeadwayClient;
  let bUserId: number;
  let bRoleId: number;
  let bSessionId: number;

  beforeAll(async () => {
    server = await startTestServer(engine);
    await seedCompany(server.store, 'Other Lines', 'b-admin');
    adminA = server.client();
    await adminA.login('admin', PASSWORD);
    adminB = server.client();
    await adminB.login('b-admin', PASSWORD);

    const role = await adminB.post<RoleRow>('/owner/role', { role_name: 'B clerk', permissions: { SystemOnline: 1 } });
    bRoleId = role.result.role_id;
    const user = await adminB.post<UserRow>('/owner/user', {
      account: 'b-clerk',
      user_name: 'B clerk',
      password: md5(PASSWORD),
      role_id: bRoleId,
    });
    bUserId = user.result.user_id;
    const online = await adminB.get<ListResult<OnlineSession>>('/owner/user/online');
    bSessionId = online.result.rows.find((r) => r.account === 'b-admin')?.session_id ?? 0;
    expect(bSessionId).toBeGreaterThan(0);
  });
  afterAll(() => server.close());

  it('lists only its own users, roles and sessions', async () => {
    const users = await adminA.get<ListResult<UserRow>>('/owner/user?limit=200');
    expect(users.result.rows.map((u) => u.account).sort()).toEqual(['admin', 'dispatcher']);
    expect(users.result.total).toBe(2);

    const roles = await adminA.get<ListResult<RoleRow>>('/owner/role?limit=200');
    expect(roles.result.rows.map((r) => r.role_name)).not.toContain('B clerk');
    // A shared role counts only the caller's own users.
    const shared = roles.result.rows.find((r) => r.role_flag === '@Admin');
    expect(shared).toMatchObject({ is_share: 1, user_count: 1 });

    const online = await adminA.get<ListResult<OnlineSession>>('/owner/user/online?limit=200');
    expect(online.result.rows.every((s) => s.account === 'admin' || s.account === 'dispatcher')).toBe(true);
  });

  it("cannot update, delete or assign company B's users and roles (1008 / 1004)", async () => {
    const update = await adminA.put('/owner/user', { user_id: bUserId, user_name: 'Hijacked', role_id: 2, state: 0 });
    expect(update.code).toBe(ErrorCode.recordMissing);
    expect((await adminA.delete(`/owner/user/${bUserId}`)).code).toBe(ErrorCode.recordMissing);

    const roleUpdate = await adminA.put('/owner/role', { role_id: bRoleId, role_name: 'Hijacked', permissions: {} });
    expect(roleUpdate.code).toBe(ErrorCode.recordMissing);
    expect((await adminA.delete(`/owner/role/${bRoleId}`)).code).toBe(ErrorCode.recordMissing);

    const assign = await adminA.post('/owner/user', {
      account: 'a-with-b-role',
      user_name: 'Wrong role',
      password: md5(PASSWORD),
      role_id: bRoleId,
    });
    expect(assign).toMatchObject({ code: ErrorCode.parameter, result: { field: 'role_id' } });

    const b = await adminB.get<ListResult<UserRow>>('/owner/user');
    expect(b.result.rows.find((u) => u.user_id === bUserId)).toMatchObject({ user_name: 'B clerk' });
    const bRoles = await adminB.get<ListResult<RoleRow>>('/owner/role');
    expect(bRoles.result.rows.find((r) => r.role_id === bRoleId)).toMatchObject({ role_name: 'B clerk' });
  });

  it("cannot force company B's sessions offline, by session or by user", async () => {
    expect((await adminA.post('/owner/user/offline', { session_id: bSessionId })).code).toBe(ErrorCode.recordMissing);
    expect((await adminA.post('/owner/user/offline', { user_id: bUserId })).code).toBe(ErrorCode.recordMissing);
    expect((await adminB.get('/owner/user/info')).code).toBe(0);
  });

  it('sees its own company in user info', async () => {
    expect((await adminB.get('/owner/user/info')).result).toMatchObject({
      account: 'b-admin',
      company_name: 'Other Lines',
    });
  });

  it('keeps accounts unique across the deployment', async () => {
    expect((await adminA.get('/owner/user/validator?account=b-clerk')).code).toBe(ErrorCode.accountRegistered);
    const clash = await adminA.post('/owner/user', {
      account: 'B-Clerk',
      user_name: 'Clash',
      password: md5(PASSWORD),
      role_id: 2,
    });
    expect(clash.code).toBe(ErrorCode.accountRegistered);
  });
});
