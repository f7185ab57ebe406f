import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { userWith } from '../../alarms/api/testing/server.ts';
import type { RolePermissions } from '../../contract/index.ts';
import type { TrackPoint } from '../../contract/tracks.ts';
import { insertStationEvents, type NewStationEvent } from '../../departures/index.ts';
import type { Engine } from '../../store/db.ts';
import { seedMapFixture } from '../../vehicles/testing/fixtures.ts';
import { insertPositions } from '../insert-positions.ts';
import type { TrackQueryOptions } from '../options.ts';
import type { NewPosition } from '../schema.ts';

// Two companies for the track query's suites: company A (the demo company) has A-101 on line 10, A-201 on line
// 20 and A-301 on no line; company B has B-1 on line 99. Points are written with the gateway's insertPositions.

export interface TrackFixture {
  server: TestServer;
  companyA: number;
  companyB: number;
  lines: Map<string, number>;
  cars: Map<string, number>;
  carsB: Map<string, number>;
  admin: HeadwayClient;
  adminB: HeadwayClient;
}

export const IMEIS = { 'A-101': '860000000000101', 'A-201': '860000000000201', 'A-301': '860000000000301' } as const;

export async function startTrackFixture(
  engine: Engine,
  tracks: Partial<TrackQueryOptions> = {},
): Promise<TrackFixture> {
  const server = await startTestServer(engine, { tracks });
  const companyA = server.demoCompanyId;
  const { lineIds: lines, carIds: cars } = await seedMapFixture(server.store.db, companyA, [
    { carName: 'A-101', imei: IMEIS['A-101'], terminalPhone: '013900000101', fleet: null, line: '10' },
    { carName: 'A-201', imei: IMEIS['A-201'], terminalPhone: '013900000201', fleet: null, line: '20' },
    { carName: 'A-301', imei: IMEIS['A-301'], terminalPhone: '013900000301', fleet: null, line: null },
  ]);
  const { companyId: companyB } = await seedCompany(server.store, 'Other Lines', 'b-admin');
  const { carIds: carsB } = await seedMapFixture(server.store.db, companyB, [
    { carName: 'B-1', imei: '870000000000001', terminalPhone: '014000000001', fleet: null, line: '99' },
  ]);
  const admin = server.client();
  await admin.login('admin', PASSWORD);
  const adminB = server.client();
  await adminB.login('b-admin', PASSWORD);
  return { server, companyA, companyB, lines, cars, carsB, admin, adminB };
}

/** A stored point of `vehicleId` at `eventTime`; `over` sets what a test is about. */
export function point(
  companyId: number,
  vehicleId: number,
  eventTime: number,
  over: Partial<NewPosition> = {},
): NewPosition {
  return {
    company_id: companyId,
    terminal_phone: `0139${String(vehicleId).padStart(8, '0')}`,
    vehicle_id: vehicleId,
    lat: 40.6 + (eventTime % 1000) * 1e-5,
    lng: -74.1 + (eventTime % 1000) * 1e-5,
    speed: 30,
    azimuth: 90,
    altitude: 10,
    mileage: 1000 + (eventTime % 1000) / 100,
    state: 3,
    warning: 0,
    attached: '{"satellites":11,"signal":20}',
    event_time: eventTime,
    receive_time: eventTime + 2,
    ...over,
  };
}

export async function storePoints(f: TrackFixture, rows: readonly NewPosition[]): Promise<void> {
  await insertPositions(f.server.store.db, f.server.store.engine, rows);
}

export async function storeEvents(f: TrackFixture, rows: readonly NewStationEvent[]): Promise<void> {
  await insertStationEvents(f.server.store.db, rows);
}

export function trackOf(client: HeadwayClient, body: Record<string, unknown>) {
  return client.post<{ rows: TrackPoint[] }>('/device/position', body);
}

/** A user of company A with a role of these masks, signed in; in a console of `consoleLines` if given. */
export function trackUser(
  f: TrackFixture,
  account: string,
  permissions: RolePermissions,
  consoleLines?: readonly number[],
): Promise<HeadwayClient> {
  return userWith({ ...f, dispatcher: f.admin }, account, permissions, consoleLines);
}
