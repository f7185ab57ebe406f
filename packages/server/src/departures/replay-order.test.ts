import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import { userWith } from '../line-map/testing/fixture.ts';
import { type DepartArriveRow, insertStationEvents } from './queries.ts';
import { stationEvent } from './testing/station-event.ts';

// What the emulated replay needs of POST /device/depart/arrive (issue 12): pages forward in time with
// `order: 'asc'`, the report's newest-first order otherwise, and the line map's view bit as well as the map's.

describe.each(ENGINES)('depart/arrive search for the emulated replay on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let start = 0;

  beforeAll(async () => {
    server = await startTestServer(engine, { auth: { loginAttemptsPerMinute: 1000 } });
    start = epochSeconds(server.clock) - 3600;
    // 25 events a minute apart, and two at the same second (the id decides between them).
    await insertStationEvents(server.store.db, [
      ...Array.from({ length: 25 }, (_, i) =>
        stationEvent(start + i * 60, { company_id: server.demoCompanyId, serial: i + 1, route_code: 'R1' }),
      ),
      stationEvent(start + 24 * 60, { company_id: server.demoCompanyId, serial: 99, route_code: 'R1' }),
      stationEvent(start + 30, { company_id: server.demoCompanyId, serial: 50, route_code: 'OTHER' }),
    ]);
    admin = server.client();
    await admin.login('admin', PASSWORD);
  });
  afterAll(() => server.close());

  const search = (client: HeadwayClient, data: Record<string, unknown>, page: number, limit = 10) =>
    client.post<{ total: number; rows: DepartArriveRow[] }>('/device/depart/arrive', {
      page,
      limit,
      data: { route_code: 'R1', start_time: start, end_time: start + 3600, ...data },
    });

  it('pages forward in time with order asc, without gaps or repeats', async () => {
    const serials: number[] = [];
    for (const page of [1, 2, 3]) {
      const reply = await search(admin, { order: 'asc' }, page);
      expect(reply.code).toBe(0);
      expect(reply.result.total).toBe(26);
      serials.push(...reply.result.rows.map((r) => r.serial));
    }
    expect(serials).toEqual([...Array.from({ length: 25 }, (_, i) => i + 1), 99]);
    const times = (await search(admin, { order: 'asc' }, 1, 30)).result.rows.map((r) => r.event_time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('keeps newest first by default and with order desc', async () => {
    const first = (await search(admin, {}, 1)).result.rows.map((r) => r.serial);
    expect(first.slice(0, 3)).toEqual([99, 25, 24]);
    expect((await search(admin, { order: 'desc' }, 1)).result.rows.map((r) => r.serial)).toEqual(first);
  });

  it('refuses another order or page size (1004)', async () => {
    expect((await search(admin, { order: 'up' }, 1)).code).toBe(ErrorCode.parameter);
    expect((await search(admin, { order: 'asc' }, 1, 25)).code).toBe(ErrorCode.parameter);
  });

  it('answers the line map’s viewers as well as the map’s, nobody else', async () => {
    const lineMap = await userWith(server, admin, 'lm-view', { MonitoringLineMap: PermissionBit.view });
    const map = await userWith(server, admin, 'map-view', { MonitoringMap: PermissionBit.view });
    const nobody = await userWith(server, admin, 'nobody', { MonitoringTrack: PermissionBit.view });
    expect((await search(lineMap, { order: 'asc' }, 1)).result.total).toBe(26);
    expect((await search(map, { order: 'asc' }, 1)).result.total).toBe(26);
    expect((await search(nobody, { order: 'asc' }, 1)).code).toBe(ErrorCode.permission);
  });
});
