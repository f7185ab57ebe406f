import { PermissionBit } from '@headway/spec';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient, Reply } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { signedInUserWith } from '../../../test/helpers/users.ts';
import { sign } from '../../auth/signature.ts';
import type {
  BusStopRow,
  DirectionDetail,
  DirectionInput,
  ListResult,
  RouteDetail,
  RouteRow,
  RouteTreeNode,
  StationRow,
  StopRouteRow,
} from '../../contract/index.ts';
import { ErrorCode } from '../../kernel/errors.ts';
import { transitDb } from '../schema.ts';
import { drawnDirection, EAST, twoWayLine } from './testing/drawn-line.ts';

// /basic/routes, /basic/route/directions, /basic/route/stations and /basic/busstops over real HTTP on both
// engines, from an empty company: CRUD, the route check failures 1–7, duplicates, a bound line's delete refused,
// the permission bits, tenant isolation and bad input.

const ALL = PermissionBit.view | PermissionBit.add | PermissionBit.edit | PermissionBit.delete | PermissionBit.export;

interface Failure {
  field: string;
  failures: { code: number; direction?: number; serial?: number; text: string }[];
}

describe.each(ENGINES)('basic lines API on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let demoAdmin: HeadwayClient;
  let companyId: number;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ companyId } = await seedCompany(server.store, 'Lines Co', 'lines-admin'));
    admin = server.client();
    await admin.login('lines-admin', PASSWORD);
    demoAdmin = server.client();
    await demoAdmin.login('admin', PASSWORD);
  });
  afterAll(() => server.close());

  function ok<T>(reply: Reply<T>): T {
    expect(reply.code, JSON.stringify(reply.result)).toBe(0);
    return reply.result;
  }

  const line = (code: string, extra: Record<string, unknown> = {}) => ({
    route_code: code,
    route_name: `Line ${code}`,
    category: 0,
    state: 10,
    travel: 0,
    ...extra,
  });

  it('creates a two-way line with its drawn directions, reads it back every way, updates and deletes it', async () => {
    const created = ok(
      await admin.post<RouteDetail>('/basic/routes', {
        ...line('R1', { route_name: '  Riverside  ', open_time: '05:30', stop_time: '23:00', remark: ' night too ' }),
        directions: twoWayLine(),
      }),
    );
    expect(created).toMatchObject({
      route_code: 'R1',
      route_name: 'Riverside',
      category: 0,
      state: 10,
      open_time: '05:30',
      remark: 'night too',
      direction_count: 2,
      checked_count: 2,
      vehicle_count: 0,
    });
    const [up, down] = created.directions as [DirectionDetail, DirectionDetail];
    expect(up).toMatchObject({ direction: 1, origin: 'Pier', terminal: 'Station', station_count: 4, is_checked: 1 });
    expect(up.style).toEqual({ strokeColor: '#FF0000', strokeWeight: 3, strokeOpacity: 0.5 });
    expect(up.path).toBe('13.75,100.5|13.75,100.51|13.752,100.52');
    expect(up.stations.map((s) => s.serial)).toEqual([1, 2, 3, 4]);
    expect(up.distance).toBe(up.stations.at(-1)?.distance);
    expect(up.stations[1]?.azimuth).toBe(90);
    expect(down.stations.map((s) => s.station_name)).toEqual(['Station', 'Temple', 'Pier']);

    // Every station became a bus stop; the way back reuses the stops of the same name at the same place.
    const stops = ok(await admin.get<ListResult<BusStopRow>>('/basic/busstops?page=1&limit=50'));
    expect(stops.total).toBe(4);
    expect(stops.rows.map((s) => s.stop_code)).toEqual(['1', '2', '3', '4']);
    expect(stops.rows.every((s) => s.routes === 'R1')).toBe(true);
    expect(down.stations[1]?.stop_id).toBe(up.stations[2]?.stop_id);

    const list = ok(await admin.get<ListResult<RouteRow>>('/basic/routes?page=1&limit=10&search=river&category=0'));
    expect(list.total).toBe(1);
    expect(list.rows[0]?.route_id).toBe(created.id);
    expect(ok(await admin.get<ListResult<RouteRow>>('/basic/routes?state=20')).total).toBe(0);
    const tree = ok(await admin.get<RouteTreeNode[]>('/basic/routes/tree'));
    expect(tree[0]?.children?.map((c) => [c.direction, c.station_count])).toEqual([
      [1, 4],
      [2, 3],
    ]);
    const stations = ok(await admin.get<StationRow[]>(`/basic/routes/stations?route_id=${created.id}&direction=2`));
    expect(stations.map((s) => s.serial)).toEqual([1, 2, 3]);
    const dirs = ok(await admin.get<DirectionDetail[]>(`/basic/routes/directions/list?route_id=${created.id}`));
    expect(dirs.map((d) => d.direction)).toEqual([1, 2]);
    const withStations = ok(
      await admin.get<DirectionDetail[]>(`/basic/routes/directions/station?route_id=${created.id}&direction=1`),
    );
    expect(withStations[0]?.stations).toHaveLength(4);
    expect(ok(await admin.get<RouteDetail>(`/basic/routes/${created.id}`)).directions).toHaveLength(2);

    const updated = ok(
      await admin.put<RouteDetail>('/basic/routes', { id: created.id, ...line('R1B', { state: 20, category: 1 }) }),
    );
    expect(updated).toMatchObject({ route_code: 'R1B', state: 20, category: 1, direction_count: 2 });
    const renamedStops = ok(await admin.get<ListResult<BusStopRow>>('/basic/busstops?route_code=R1B'));
    expect(renamedStops.total).toBe(4);

    // Replacing the directions: a one-way loop keeps only up.
    const loop = ok(
      await admin.put<RouteDetail>('/basic/routes', {
        id: created.id,
        ...line('R1B', { category: 1 }),
        directions: [twoWayLine()[0]],
      }),
    );
    expect(loop.directions.map((d) => d.direction)).toEqual([1]);

    expect(ok(await admin.delete(`/basic/routes/${created.id}`))).toBeNull();
    expect((await admin.get(`/basic/routes/${created.id}`)).code).toBe(ErrorCode.recordMissing);
    const orphaned = ok(await admin.get<ListResult<BusStopRow>>('/basic/busstops'));
    expect(orphaned.rows.every((s) => s.routes === '')).toBe(true);
  });

  describe('the route check (spec section 5)', () => {
    async function refused(category: number, directions: DirectionInput[]): Promise<Failure['failures']> {
      const reply = await admin.post<Failure>('/basic/routes', { ...line('CHK', { category }), directions });
      expect(reply.code).toBe(ErrorCode.parameter);
      expect(reply.result.field).toBe('directions');
      return reply.result.failures;
    }
    const [up] = twoWayLine() as [DirectionInput];

    it('1 empty', async () => {
      expect(await refused(0, [])).toEqual([{ code: 1, text: 'Empty' }]);
    });
    it('2 incomplete: a two-way line without its way back', async () => {
      expect(await refused(0, [up])).toEqual([{ code: 2, direction: 2, text: 'Incomplete' }]);
    });
    it('3 fewer than 2 stations', async () => {
      const one = drawnDirection(1, EAST, [{ name: 'Pier', at: [13.75, 100.5] }]);
      expect((await refused(1, [one])).map((f) => f.code)).toEqual([3]);
    });
    it('4 total mileage error', async () => {
      expect((await refused(1, [{ ...up, distance: up.distance + 50 }])).map((f) => f.code)).toContain(4);
    });
    it('5 station distance error, with the station', async () => {
      const stations = up.stations.map((s, i) => (i === 2 ? { ...s, distance: 10 } : s));
      expect(await refused(1, [{ ...up, stations }])).toContainEqual({
        code: 5,
        direction: 1,
        serial: 3,
        text: 'Station distance error',
      });
    });
    it('6 direction point error: a station far off the path', async () => {
      const stations = up.stations.map((s, i) => (i === 1 ? { ...s, lat: 13.76 } : s));
      expect(await refused(1, [{ ...up, stations }])).toContainEqual({
        code: 6,
        direction: 1,
        serial: 2,
        text: 'Direction point error',
      });
    });
    it('7 average distance error, in the caller language', async () => {
      const reply = await admin.post<Failure>(
        '/basic/routes',
        { ...line('CHK', { category: 1 }), directions: [{ ...up, avg_station_km: 9 }] },
        { headers: { 'accept-language': 'zh-CN' } },
      );
      expect(reply.result.failures).toEqual([{ code: 7, direction: 1, text: '平均站距错误' }]);
      expect((await admin.get<ListResult<RouteRow>>('/basic/routes?search=CHK')).result.total).toBe(0);
    });
  });

  it('answers duplicates with 1106 and "{0} [{1}] already exists", in validators and on save', async () => {
    const first = ok(await admin.post<RouteDetail>('/basic/routes', line('D1')));
    const again = await admin.post<{ field: string; message: string }>(
      '/basic/routes',
      line('d1', { route_name: 'Other' }),
    );
    expect(again.code).toBe(ErrorCode.accountRegistered);
    expect(again.result).toMatchObject({ field: 'route_code', value: 'd1', message: 'Route code [d1] already exists' });
    const byName = await admin.post<{ message: string }>('/basic/routes', line('D2', { route_name: 'Line D1' }));
    expect(byName.result.message).toBe('Route name [Line D1] already exists');
    expect(ok(await admin.get('/basic/routes/validator?route_code=D2'))).toBe(true);
    expect(ok(await admin.get(`/basic/routes/validator?route_code=D1&id=${first.id}`))).toBe(true);
    const taken = await admin.get<{ message: string }>('/basic/routes/validator?route_code=D1', {
      headers: { 'accept-language': 'th' },
    });
    expect(taken.code).toBe(ErrorCode.accountRegistered);
    expect(taken.result.message).toBe('รหัสสาย [D1] มีอยู่แล้ว');
    // Another company's code is not taken here.
    expect(ok(await demoAdmin.get('/basic/routes/validator?route_code=D1'))).toBe(true);

    const stop = ok(
      await admin.post<BusStopRow>('/basic/busstops', { stop_name: 'Depot', stop_code: 'S9', lat: 13.7, lng: 100.4 }),
    );
    const dupStop = await admin.post<{ message: string }>('/basic/busstops', {
      stop_name: 'Depot 2',
      stop_code: 's9',
      lat: 13.7,
      lng: 100.4,
    });
    expect(dupStop.code).toBe(ErrorCode.accountRegistered);
    expect(dupStop.result.message).toBe('Stop code [s9] already exists');
    expect((await admin.get('/basic/busstops/validator?stop_code=S9')).code).toBe(ErrorCode.accountRegistered);
    expect(ok(await admin.get(`/basic/busstops/validator?stop_code=S9&id=${stop.id}`))).toBe(true);
    ok(await admin.delete(`/basic/busstops/${stop.id}`));
    ok(await admin.delete(`/basic/routes/${first.id}`));
  });

  it('refuses to delete a line bound by vehicles or staff, saying why', async () => {
    const bound = ok(await admin.post<RouteDetail>('/basic/routes', line('B1')));
    const tdb = transitDb(server.store.db);
    const now = Math.floor(Date.now() / 1000);
    const car = await tdb
      .insertInto('vehicles')
      .values({
        company_id: companyId,
        car_name: 'Bus 1',
        lpn: '',
        imei: '',
        channel: '',
        line_id: bound.id,
        fleet_id: null,
        device_id: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tdb
      .insertInto('employees')
      .values({
        company_id: companyId,
        emp_no: 'E1',
        emp_name: 'Driver',
        emp_type: 1,
        phone: '',
        ic_card: '',
        fleet_id: null,
        line_id: bound.id,
        created_at: now,
      })
      .execute();
    expect(ok(await admin.get<RouteDetail>(`/basic/routes/${bound.id}`))).toMatchObject({
      vehicle_count: 1,
      employee_count: 1,
    });
    const refused = await admin.delete<{ reason: string; message: string }>(`/basic/routes/${bound.id}`);
    expect(refused.code).toBe(ErrorCode.parameter);
    expect(refused.result).toMatchObject({
      reason: 'bound',
      vehicles: 1,
      employees: 1,
      message: 'The line is used by 1 vehicles and 1 staff: move them to another line first',
    });
    await tdb.updateTable('vehicles').set({ line_id: null }).where('id', '=', car.id).execute();
    await tdb.deleteFrom('employees').where('company_id', '=', companyId).execute();
    ok(await admin.delete(`/basic/routes/${bound.id}`));
  });

  it('keeps each company to its own lines, stations and stops (1008)', async () => {
    const ours = ok(await admin.post<RouteDetail>('/basic/routes', { ...line('T1'), directions: twoWayLine() }));
    const stationId = ours.directions[0]?.stations[0]?.id as number;
    const stop = ok(await admin.get<ListResult<BusStopRow>>('/basic/busstops?search=Pier')).rows[0] as BusStopRow;
    const theirs = ok(await demoAdmin.get<ListResult<RouteRow>>('/basic/routes?limit=200'));
    expect(theirs.rows.some((r) => r.id === ours.id)).toBe(false);
    expect((await demoAdmin.get(`/basic/routes/${ours.id}`)).code).toBe(ErrorCode.recordMissing);
    expect((await demoAdmin.put('/basic/routes', { id: ours.id, ...line('T1X') })).code).toBe(ErrorCode.recordMissing);
    expect((await demoAdmin.delete(`/basic/routes/${ours.id}`)).code).toBe(ErrorCode.recordMissing);
    expect((await demoAdmin.get(`/basic/routes/stations?route_id=${ours.id}`)).code).toBe(ErrorCode.recordMissing);
    expect((await demoAdmin.post('/basic/route/directions', { route_id: ours.id, ...twoWayLine()[0] })).code).toBe(
      ErrorCode.recordMissing,
    );
    expect((await demoAdmin.put('/basic/route/stations', { id: stationId, station_name: 'Hijack' })).code).toBe(
      ErrorCode.recordMissing,
    );
    expect((await demoAdmin.put('/basic/route/stations/opposite', { ids: [stationId], is_opposite: 1 })).code).toBe(
      ErrorCode.recordMissing,
    );
    expect((await demoAdmin.delete(`/basic/busstops/${stop.id}`)).code).toBe(ErrorCode.recordMissing);
    expect((await demoAdmin.put('/basic/busstops', { id: stop.id, stop_name: 'Hijack', lat: 1, lng: 1 })).code).toBe(
      ErrorCode.recordMissing,
    );
    const theirStations = ok(
      await demoAdmin.get<ListResult<StationRow>>('/basic/route/stations?search=Pier&limit=200'),
    );
    expect(theirStations.rows.some((s) => s.id === stationId)).toBe(false);
    // A station of another company's stop is refused as an unknown stop.
    const foreign = drawnDirection(1, EAST, [
      { name: 'Pier', at: [13.75, 100.5], stop_id: stop.stop_id },
      { name: 'Temple', at: [13.75, 100.51] },
    ]);
    const demoStopId = `${stop.stop_id}-not-ours`;
    const bad = await demoAdmin.post('/basic/routes', {
      ...line('FOREIGN', { category: 1 }),
      directions: [
        { ...foreign, stations: foreign.stations.map((s, i) => (i === 0 ? { ...s, stop_id: demoStopId } : s)) },
      ],
    });
    expect(bad.code).toBe(ErrorCode.parameter);
  });

  it('enforces the permission bit of each screen (1005)', async () => {
    const viewer = await signedInUserWith(server, admin, 'route-viewer', { BasicRoute: PermissionBit.view });
    const stationEditor = await signedInUserWith(server, admin, 'station-editor', { BasicStation: ALL });
    const nobody = await signedInUserWith(server, admin, 'no-lines', {});
    expect((await viewer.get('/basic/routes')).code).toBe(0);
    expect((await viewer.post('/basic/routes', line('P1'))).code).toBe(ErrorCode.permission);
    expect((await viewer.put('/basic/routes', { id: 1, ...line('P1') })).code).toBe(ErrorCode.permission);
    expect((await viewer.delete('/basic/routes/1')).code).toBe(ErrorCode.permission);
    expect((await viewer.get('/basic/routes/export')).code).toBe(ErrorCode.permission);
    expect((await viewer.post('/basic/busstops', { stop_name: 'X', lat: 1, lng: 1 })).code).toBe(ErrorCode.permission);
    // The editor reads bus stops with the line screen's view bit.
    expect((await viewer.get('/basic/busstops/search/Pier')).code).toBe(0);
    // The station screen picks lines, but writes only stations.
    expect((await stationEditor.get('/basic/routes?limit=200')).code).toBe(0);
    expect((await stationEditor.post('/basic/routes', line('P2'))).code).toBe(ErrorCode.permission);
    expect((await stationEditor.post('/basic/route/directions', { route_id: 1, ...twoWayLine()[0] })).code).toBe(
      ErrorCode.permission,
    );
    for (const path of ['/basic/routes', '/basic/route/stations', '/basic/busstops', '/basic/busstops/union']) {
      expect((await nobody.get(path)).code, path).toBe(ErrorCode.permission);
    }
  });

  it('refuses bad input with 1004 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [line('X1', { route_name: 'ab' }), 'route_name'],
      [line('bad code!'), 'route_code'],
      [line('X1', { remark: 'r'.repeat(256) }), 'remark'],
      [line('X1', { open_time: '25:00' }), 'open_time'],
      [line('X1', { state: 5 }), 'state'],
      [line('X1', { category: 3 }), 'category'],
      [line('X1', { travel: 4 }), 'travel'],
      [line('X1', { directions: [{ ...twoWayLine()[0], path: '13.7,100|oops' }] }), 'directions.0.path'],
    ];
    for (const [body, field] of cases) {
      const reply = await admin.post<{ field: string }>('/basic/routes', body);
      expect(reply.code, field).toBe(ErrorCode.parameter);
      expect(reply.result.field, field).toContain(field);
    }
    const [up] = twoWayLine() as [DirectionInput];
    const badAzimuth = { ...up, stations: up.stations.map((s, i) => (i === 0 ? { ...s, azimuth: 360 } : s)) };
    expect((await admin.post('/basic/routes', line('X2', { category: 1, directions: [badAzimuth] }))).code).toBe(
      ErrorCode.parameter,
    );
    expect((await admin.get('/basic/routes/abc')).code).toBe(ErrorCode.parameter);
    expect((await admin.post('/basic/busstops', { stop_name: 'X', lat: 91, lng: 1 })).code).toBe(ErrorCode.parameter);
    expect((await admin.get('/basic/routes?limit=7')).code).toBe(ErrorCode.parameter);
  });

  it('saves one direction at a time through /basic/route/directions', async () => {
    const created = ok(await admin.post<RouteDetail>('/basic/routes', line('DIR1')));
    const [up, down] = twoWayLine() as [DirectionInput, DirectionInput];
    expect((await admin.put('/basic/route/directions', { route_id: created.id, ...up })).code).toBe(
      ErrorCode.recordMissing,
    );
    const saved = ok(await admin.post<DirectionDetail>('/basic/route/directions', { route_id: created.id, ...up }));
    expect(saved).toMatchObject({ direction: 1, station_count: 4, is_checked: 1 });
    expect((await admin.post('/basic/route/directions', { route_id: created.id, ...up })).code).toBe(
      ErrorCode.accountRegistered,
    );
    const short = { ...down, stations: down.stations.slice(0, 1) };
    const refused = await admin.post<Failure>('/basic/route/directions', { route_id: created.id, ...short });
    expect(refused.result.failures.map((f) => f.code)).toContain(3);
    ok(await admin.post('/basic/route/directions', { route_id: created.id, ...down }));
    const replaced = ok(
      await admin.put<DirectionDetail>('/basic/route/directions', {
        route_id: created.id,
        ...up,
        stations: [up.stations[0], up.stations[3]].map((s) => s as DirectionInput['stations'][number]),
        avg_station_km: up.distance / 1000,
        style: { strokeColor: '#0000FF', strokeWeight: 5, strokeOpacity: 1 },
      }),
    );
    expect(replaced.stations.map((s) => s.serial)).toEqual([1, 2]);
    expect(replaced.style.strokeColor).toBe('#0000FF');
    const listed = ok(await admin.get<DirectionDetail[]>(`/basic/route/directions?route_id=${created.id}`));
    expect(listed.map((d) => d.direction)).toEqual([1, 2]);
    ok(await admin.delete(`/basic/route/directions/${listed[1]?.id}`));
    expect(ok(await admin.get<RouteDetail>(`/basic/routes/${created.id}`)).directions).toHaveLength(1);
  });

  it('edits stations: fields, opposite side, azimuths from the path, list and export', async () => {
    const created = ok(await admin.post<RouteDetail>('/basic/routes', { ...line('ST1'), directions: twoWayLine() }));
    const list = ok(
      await admin.get<ListResult<StationRow>>(
        `/basic/route/stations?page=1&limit=10&route_id=${created.id}&direction=1`,
      ),
    );
    expect(list.total).toBe(4);
    const market = list.rows[1] as StationRow;
    const edited = ok(
      await admin.put<StationRow>('/basic/route/stations', {
        id: market.id,
        station_name: ' Night market ',
        abridge: 'NM',
        azimuth: 45,
      }),
    );
    expect(edited).toMatchObject({
      station_name: 'Night market',
      abridge: 'NM',
      azimuth: 45,
      distance: market.distance,
    });
    expect(ok(await admin.put('/basic/route/stations/opposite', { ids: [market.id], is_opposite: 1 }))).toEqual({
      changed: 1,
    });
    const batch = ok(await admin.post('/basic/route/stations/azimuth/batch', { route_id: created.id, direction: 1 }));
    expect(batch).toEqual({ changed: 1 });
    const after = ok(await admin.get<StationRow[]>(`/basic/routes/stations?route_id=${created.id}&direction=1`));
    expect(after[1]).toMatchObject({ azimuth: 90, is_opposite: 1 });

    const path = `${admin.base}/basic/route/stations/export?route_id=${created.id}`;
    const timestamp = String(Math.floor(server.clock.now() / 1000));
    const response = await fetch(`${admin.baseUrl}${path}`, {
      headers: { token: admin.token, timestamp, signature: sign(admin.uuid, 'GET', path, timestamp, undefined) },
    });
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="stations-\d{8}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(1 + 7);
    expect(sheet?.getRow(3).getCell(5).value).toBe('Night market');
  });

  it('keeps bus stops: CRUD, next code, search, union, the lines of a stop, export, delete refused while used', async () => {
    const created = ok(await admin.post<RouteDetail>('/basic/routes', { ...line('BS1'), directions: twoWayLine() }));
    const next = ok(await admin.get<{ stop_code: string }>('/basic/busstops/get-max-stop'));
    const stop = ok(
      await admin.post<BusStopRow>('/basic/busstops', {
        stop_name: ' Harbour ',
        title: 'Harbour gate',
        address: '1 Quay Road',
        open_time: '05:00',
        lat: 13.123456789,
        lng: 100.987654321,
      }),
    );
    expect(stop).toMatchObject({
      stop_name: 'Harbour',
      stop_code: next.stop_code,
      stop_id: next.stop_code,
      lat: 13.123457,
      lng: 100.987654,
    });
    const moved = ok(
      await admin.put<BusStopRow>('/basic/busstops', {
        id: stop.id,
        stop_name: 'Harbour West',
        stop_code: 'H1',
        state: 1,
        lat: 13.2,
        lng: 101,
      }),
    );
    expect(moved).toMatchObject({ stop_code: 'H1', state: 1, stop_id: stop.stop_id, title: '' });
    expect(ok(await admin.get<BusStopRow[]>('/basic/busstops/search/harb')).map((s) => s.id)).toEqual([stop.id]);
    const union = ok(await admin.get<BusStopRow[]>('/basic/busstops/union'));
    expect(union.some((s) => s.id === stop.id)).toBe(true);
    const pier = union.find((s) => s.stop_name === 'Pier') as BusStopRow;
    const served = ok(
      await admin.get<StopRouteRow[]>(`/basic/busstops/routes?stop_id=${encodeURIComponent(pier.stop_id)}`),
    );
    expect(served.filter((r) => r.route_id === created.id).map((r) => [r.direction, r.serial])).toEqual([
      [1, 1],
      [2, 3],
    ]);
    const refused = await admin.delete<{ reason: string; message: string }>(`/basic/busstops/${pier.id}`);
    expect(refused.code).toBe(ErrorCode.parameter);
    expect(refused.result.reason).toBe('bound');
    expect(ok(await admin.get<ListResult<BusStopRow>>('/basic/busstops?state=1')).rows.map((s) => s.id)).toEqual([
      stop.id,
    ]);
    ok(await admin.delete(`/basic/busstops/${stop.id}`));
    expect((await admin.delete(`/basic/busstops/${stop.id}`)).code).toBe(ErrorCode.recordMissing);

    const path = `${admin.base}/basic/busstops/export?page=1&limit=2`;
    const timestamp = String(Math.floor(server.clock.now() / 1000));
    const response = await fetch(`${admin.baseUrl}${path}`, {
      headers: {
        'accept-language': 'zh',
        token: admin.token,
        timestamp,
        signature: sign(admin.uuid, 'GET', path, timestamp, undefined),
      },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('公交站点');
    expect(sheet?.rowCount).toBe(3);
  });

  it('exports the lines of the filter as an .xlsx', async () => {
    ok(await admin.post('/basic/routes', line('EXP1', { route_name: 'Export line' })));
    const path = `${admin.base}/basic/routes/export?search=EXP`;
    const timestamp = String(Math.floor(server.clock.now() / 1000));
    const response = await fetch(`${admin.baseUrl}${path}`, {
      headers: { token: admin.token, timestamp, signature: sign(admin.uuid, 'GET', path, timestamp, undefined) },
    });
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Route code');
    expect(sheet?.getRow(2).values).toEqual(expect.arrayContaining(['EXP1', 'Export line', 'Two-way', 'Opened']));
  });
});
