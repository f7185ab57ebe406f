import type { HeadwayClient } from '../../../../test/helpers/client.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../../../test/helpers/server.ts';
import { signedInUserWith } from '../../../../test/helpers/users.ts';
import type { RolePermissions } from '../../../contract/index.ts';
import type { Engine } from '../../../store/db.ts';
import { seedMapFixture } from '../../../vehicles/testing/fixtures.ts';

// Two companies with vehicles on lines, for the alarm API's suites: company A (the demo company) has A-101 on
// line 10, A-201 on line 20 and A-301 on no line; company B has B-1 on line 99.

export interface AlarmApiFixture {
  server: TestServer;
  companyA: number;
  companyB: number;
  lines: Map<string, number>;
  cars: Map<string, number>;
  carsB: Map<string, number>;
  /** @Admin of A and of B; the demo dispatcher (no alarm screens). */
  admin: HeadwayClient;
  adminB: HeadwayClient;
  dispatcher: HeadwayClient;
}

export async function startAlarmApiFixture(engine: Engine): Promise<AlarmApiFixture> {
  const server = await startTestServer(engine);
  const companyA = server.demoCompanyId;
  const { lineIds: lines, carIds: cars } = await seedMapFixture(server.store.db, companyA, [
    { carName: 'A-101', imei: '860000000000101', terminalPhone: '013900000101', fleet: null, line: '10' },
    { carName: 'A-201', imei: '860000000000201', terminalPhone: '013900000201', fleet: null, line: '20' },
    { carName: 'A-301', imei: '860000000000301', terminalPhone: '013900000301', fleet: null, line: null },
  ]);
  const { companyId: companyB } = await seedCompany(server.store, 'Other Lines', 'b-admin');
  const { carIds: carsB } = await seedMapFixture(server.store.db, companyB, [
    { carName: 'B-1', imei: '870000000000001', terminalPhone: '014000000001', fleet: null, line: '99' },
  ]);
  const admin = server.client();
  await admin.login('admin', PASSWORD);
  const adminB = server.client();
  await adminB.login('b-admin', PASSWORD);
  // The demo dispatcher handles alarms; here it stands for a role without the alarm screens.
  const role = await server.store.db
    .selectFrom('roles')
    .select(['id', 'permissions'])
    .where('company_id', '=', companyA)
    .where('role_name', 'like', 'Dispatcher%')
    .executeTakeFirstOrThrow();
  const { SafetyActiveSafety: _alarms, ...withoutAlarms } = JSON.parse(role.permissions) as Record<string, number>;
  await server.store.db
    .updateTable('roles')
    .set({ permissions: JSON.stringify(withoutAlarms) })
    .where('id', '=', role.id)
    .execute();
  const dispatcher = server.client();
  await dispatcher.login('dispatcher', PASSWORD);
  return { server, companyA, companyB, lines, cars, carsB, admin, adminB, dispatcher };
}

/** A user of the admin's company with a role of these masks, signed in; in a console of `consoleLines` if given. */
export function userWith(
  fixture: AlarmApiFixture,
  account: string,
  permissions: RolePermissions,
  consoleLines?: readonly number[],
): Promise<HeadwayClient> {
  return signedInUserWith(fixture.server, fixture.admin, account, permissions, consoleLines);
}
