import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import type { TrafficRow } from '../contract/line-map.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import { lineMapDb } from './schema.ts';
import { type SeededLine, seedLine, userWith } from './testing/fixture.ts';

// Station traffic states over HTTP on both engines: the line's list, setting by POST and PUT, what a bad body,
// another company's station, a line outside the caller's console and a missing permission answer.
describe.each(ENGINES)('station traffic /dispatch/traffic on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let dispatcher: HeadwayClient;
  let adminB: HeadwayClient;
  let t1: SeededLine;
  let t2: SeededLine;
  let b1: SeededLine;

  const key = (line: SeededLine, direction: number, serial: number) => line.stations.get(`${direction}/${serial}`) ?? 0;
  const list = async (client: HeadwayClient, code: string) =>
    client.get<TrafficRow[]>(`/dispatch/traffic?route_code=${encodeURIComponent(code)}`);

  beforeAll(async () => {
    server = await startTestServer(engine, { auth: { loginAttemptsPerMinute: 1000 } });
    const db = server.store.db;
    t1 = await seedLine(db, server.demoCompanyId, 'T1', { stations: 3 });
    t2 = await seedLine(db, server.demoCompanyId, 'T2', { stations: 2 });
    const { companyId: companyB } = await seedCompany(server.store, 'Other Lines', 'b-admin');
    // The same code in the other company: codes are per company.
    b1 = await seedLine(db, companyB, 'T1', { stations: 2 });
    admin = server.client();
    await admin.login('admin', PASSWORD);
    dispatcher = server.client();
    await dispatcher.login('dispatcher', PASSWORD);
    adminB = server.client();
    await adminB.login('b-admin', PASSWORD);
  });
  afterAll(() => server.close());

  it('lists every station of the line, both directions in order, at 0 until set', async () => {
    const reply = await list(dispatcher, 'T1');
    expect(reply.code).toBe(0);
    expect(reply.result.map((r) => [r.direction, r.serial, r.key])).toEqual([
      [1, 1, key(t1, 1, 1)],
      [1, 2, key(t1, 1, 2)],
      [1, 3, key(t1, 1, 3)],
      [2, 1, key(t1, 2, 1)],
      [2, 2, key(t1, 2, 2)],
      [2, 3, key(t1, 2, 3)],
    ]);
    expect(reply.result[0]).toEqual({
      key: key(t1, 1, 1),
      route_code: 'T1',
      direction: 1,
      serial: 1,
      station_name: 'T1 stop 1.1',
      traffic_status: 0,
      updated_at: null,
      updated_by: '',
    });
  });

  it('sets a state by PUT and by POST alike, and the list shows it with who set it and when', async () => {
    const now = epochSeconds(server.clock);
    const put = await dispatcher.put<TrafficRow>('/dispatch/traffic', { key: key(t1, 1, 2), traffic_status: 3 });
    expect(put.code).toBe(0);
    expect(put.result).toMatchObject({
      key: key(t1, 1, 2),
      route_code: 'T1',
      direction: 1,
      serial: 2,
      traffic_status: 3,
      updated_at: now,
      updated_by: 'dispatcher',
    });
    const post = await admin.post<TrafficRow>('/dispatch/traffic', { key: key(t1, 2, 1), traffic_status: 2 });
    expect(post.code).toBe(0);
    expect(post.result).toMatchObject({ traffic_status: 2, updated_by: 'admin' });
    // POST on a station already set changes it too: both verbs are "set".
    expect((await admin.post('/dispatch/traffic', { key: key(t1, 2, 1), traffic_status: 1 })).code).toBe(0);

    const rows = (await list(dispatcher, 'T1')).result;
    expect(rows.map((r) => r.traffic_status)).toEqual([0, 3, 0, 1, 0, 0]);
    expect(rows[1]).toMatchObject({ updated_at: now, updated_by: 'dispatcher' });
    // The other line of the company is untouched.
    expect((await list(dispatcher, 'T2')).result.map((r) => r.traffic_status)).toEqual([0, 0, 0, 0]);
  });

  it('leaves a station alone when set to the state it has (who and when stay the first setter’s)', async () => {
    const first = await dispatcher.put<TrafficRow>('/dispatch/traffic', { key: key(t1, 1, 3), traffic_status: 2 });
    server.clock.advance(120);
    const again = await admin.put<TrafficRow>('/dispatch/traffic', { key: key(t1, 1, 3), traffic_status: 2 });
    expect(again.code).toBe(0);
    expect(again.result).toEqual(first.result);
    // Back to default is a change like any other, and is recorded.
    const reset = await admin.put<TrafficRow>('/dispatch/traffic', { key: key(t1, 1, 3), traffic_status: 0 });
    expect(reset.result).toMatchObject({ traffic_status: 0, updated_by: 'admin' });
    expect(reset.result.updated_at).toBe(epochSeconds(server.clock));
  });

  it('refuses a bad body with 1004 naming the field, and changes nothing', async () => {
    const station = key(t1, 1, 1);
    const bad: [Record<string, unknown>, string][] = [
      [{ key: station, traffic_status: 4 }, 'traffic_status'],
      [{ key: station, traffic_status: -1 }, 'traffic_status'],
      [{ key: station, traffic_status: 1.5 }, 'traffic_status'],
      // ajv would coerce these to numbers (null and "" to 0: a jam cleared by a client bug).
      [{ key: station, traffic_status: null }, 'traffic_status'],
      [{ key: station, traffic_status: '' }, 'traffic_status'],
      [{ key: station, traffic_status: '2' }, 'traffic_status'],
      [{ key: `${station}`, traffic_status: 2 }, 'key'],
      [{ key: station }, 'traffic_status'],
      [{ traffic_status: 2 }, 'key'],
      [{ key: 0, traffic_status: 2 }, 'key'],
    ];
    for (const [body, field] of bad) {
      for (const send of [dispatcher.put.bind(dispatcher), dispatcher.post.bind(dispatcher)]) {
        const reply = await send('/dispatch/traffic', body);
        expect(reply.code, JSON.stringify(body)).toBe(ErrorCode.parameter);
        expect((reply.result as { field: string }).field, JSON.stringify(body)).toContain(field);
      }
    }
    expect((await list(dispatcher, 'T1')).result[0]?.traffic_status).toBe(0);
    expect((await dispatcher.get('/dispatch/traffic')).code).toBe(ErrorCode.parameter);
  });

  it('answers another company’s station, an unknown one and an unknown line like missing ones (1008)', async () => {
    const foreign = await dispatcher.put('/dispatch/traffic', { key: key(b1, 1, 1), traffic_status: 3 });
    expect(foreign.code).toBe(ErrorCode.recordMissing);
    expect((await dispatcher.put('/dispatch/traffic', { key: 999_999, traffic_status: 3 })).code).toBe(
      ErrorCode.recordMissing,
    );
    expect((await list(dispatcher, 'NOPE')).code).toBe(ErrorCode.recordMissing);
    // Company B's own T1 is its own: its stations, none of A's states; A's change never reached it.
    const theirs = await list(adminB, 'T1');
    expect(theirs.result.map((r) => r.key)).toEqual([...b1.stations.values()]);
    expect(theirs.result.every((r) => r.traffic_status === 0)).toBe(true);
    expect((await adminB.put('/dispatch/traffic', { key: key(t1, 1, 1), traffic_status: 3 })).code).toBe(
      ErrorCode.recordMissing,
    );
    expect((await adminB.put('/dispatch/traffic', { key: key(b1, 1, 1), traffic_status: 3 })).code).toBe(0);
    expect((await list(dispatcher, 'T1')).result[0]?.traffic_status).toBe(0);
  });

  it('limits a user in a console to its lines, reading and writing', async () => {
    const edit = PermissionBit.view | PermissionBit.edit;
    const desk = await userWith(server, admin, 'desk-t2', { MonitoringLineMap: edit }, [t2.lineId]);
    expect((await list(desk, 'T2')).code).toBe(0);
    expect((await list(desk, 'T1')).code).toBe(ErrorCode.recordMissing);
    expect((await desk.put('/dispatch/traffic', { key: key(t1, 1, 1), traffic_status: 3 })).code).toBe(
      ErrorCode.recordMissing,
    );
    expect((await desk.put('/dispatch/traffic', { key: key(t2, 1, 1), traffic_status: 3 })).code).toBe(0);
  });

  it('needs view on the line map or the map to read, edit on the line map to set', async () => {
    const viewer = await userWith(server, admin, 'lm-viewer', { MonitoringLineMap: PermissionBit.view });
    const mapOnly = await userWith(server, admin, 'map-only', {
      MonitoringMap: PermissionBit.view | PermissionBit.edit,
    });
    const nobody = await userWith(server, admin, 'nobody', { Dashboard: PermissionBit.view });
    expect((await list(viewer, 'T1')).code).toBe(0);
    expect((await list(mapOnly, 'T1')).code).toBe(0);
    expect((await list(nobody, 'T1')).code).toBe(ErrorCode.permission);
    for (const client of [viewer, mapOnly, nobody]) {
      expect((await client.put('/dispatch/traffic', { key: key(t1, 1, 1), traffic_status: 3 })).code).toBe(
        ErrorCode.permission,
      );
      expect((await client.post('/dispatch/traffic', { key: key(t1, 1, 1), traffic_status: 3 })).code).toBe(
        ErrorCode.permission,
      );
    }
    expect((await list(dispatcher, 'T1')).result[0]?.traffic_status).toBe(0);
  });

  it('drops a station’s state with the station (a GTFS re-import replaces the stations)', async () => {
    const station = key(t2, 2, 2);
    expect((await admin.put('/dispatch/traffic', { key: station, traffic_status: 2 })).code).toBe(0);
    const ldb = lineMapDb(server.store.db);
    await ldb.deleteFrom('line_stations').where('id', '=', station).execute();
    const left = await ldb
      .selectFrom('station_traffic')
      .select('station_id')
      .where('station_id', '=', station)
      .execute();
    expect(left).toEqual([]);
  });
});
