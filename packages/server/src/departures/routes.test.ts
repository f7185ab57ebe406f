import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { ErrorCode } from '../kernel/errors.ts';
import type { DepartArriveRow } from './queries.ts';
import { insertStationEvents } from './queries.ts';
import { stationEvent } from './testing/station-event.ts';

// POST /device/depart/arrive is a feature route like the others: judged with the app's clock and auth policy,
// not the machine's clock and the defaults (docs/ingest.md "Search"; its scoping is in consoles/scope.test.ts).

describe('POST /api/device/depart/arrive', () => {
  let server: TestServer;

  beforeAll(async () => {
    // The app's policy allows 30 s of skew (default 300 s); its clock is moved a day past the machine's below.
    server = await startTestServer('sqlite', { auth: { maxSkewSeconds: 30 } });
    const time = Math.floor(server.clock.now() / 1000);
    await insertStationEvents(server.store.db, [stationEvent(time, { company_id: server.demoCompanyId })]);
    server.clock.advance(86_400);
  });
  afterAll(() => server.close());

  it('judges a request with the app’s clock and policy', async () => {
    const admin = server.client();
    expect((await admin.login('admin', PASSWORD)).code).toBe(0);
    const appNow = Math.floor(server.clock.now() / 1000);
    const machineNow = Math.floor(Date.now() / 1000);
    const search = (timestamp?: number) =>
      admin.post<{ total: number; rows: DepartArriveRow[] }>(
        '/device/depart/arrive',
        { data: { route_code: 'S40' } },
        timestamp === undefined ? {} : { timestamp },
      );
    // Signed with the machine's clock: a day off the app's.
    expect((await search(machineNow)).code).toBe(ErrorCode.timestampSkew);
    // 60 s off: within the default policy, beyond this app's 30 s.
    expect((await search(appNow - 60)).code).toBe(ErrorCode.timestampSkew);
    const found = await search();
    expect(found.code).toBe(0);
    expect(found.result.rows.map((r) => r.station_name)).toEqual(['Richmond Terr/Bard Av']);
  });
});
