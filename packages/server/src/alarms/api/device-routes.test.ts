import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import { PASSWORD } from '../../../test/helpers/server.ts';
import type { AlarmDetailRow, AlarmRealResult, ListResult } from '../../contract/index.ts';
import { ErrorCode } from '../../kernel/errors.ts';
import { epochSeconds } from '../../kernel/time.ts';
import { insertAlarm, insertAlarmFile } from './testing/alarms.ts';
import { type AlarmApiFixture, startAlarmApiFixture, userWith } from './testing/server.ts';

// /device/alarm on both engines: the live list (grouping, window, preferences, line filter) and its count alone,
// the details search and its validation, one alarm, read handling (never back), console scoping, permissions and
// tenant isolation.
describe.each(ENGINES)('alarm API /device/alarm on %s', (engine) => {
  let f: AlarmApiFixture;
  let now = 0;
  let handler: HeadwayClient;
  let watcher: HeadwayClient;
  const ids: Record<string, number> = {};
  const SOS = 1;
  const OVER_SPEED = 1001;
  const UNDERVOLTAGE = 1104;
  const DSM_PHONE = 0x6502;

  beforeAll(async () => {
    f = await startAlarmApiFixture(engine);
    now = epochSeconds(f.server.clock);
    const db = f.server.store.db;
    const car = (name: string) => {
      const id = f.cars.get(name) ?? 0;
      const line = name === 'A-101' ? '10' : name === 'A-201' ? '20' : null;
      return {
        company_id: f.companyA,
        car_id: id,
        car_name: name,
        lpn: `LPN-${name}`,
        imei: `86000000000${name.slice(2)}`,
        route_id: line ? (f.lines.get(line) ?? null) : null,
        route_name: line ? `Line ${line}` : '',
      };
    };
    const sos = { platform_alarm_id: SOS, alarm_type: 0, alarm_level: 3 };
    ids.sos1 = await insertAlarm(db, { ...car('A-101'), ...sos, event_time: now - 300 });
    ids.sos2 = await insertAlarm(db, { ...car('A-101'), ...sos, event_time: now - 200 });
    ids.sos3 = await insertAlarm(db, { ...car('A-101'), ...sos, event_time: now - 100, speed: 42.5 });
    ids.sosRead = await insertAlarm(db, {
      ...car('A-101'),
      ...sos,
      event_time: now - 50,
      is_readed: 1,
      remark: 'earlier',
      read_by_name: 'someone',
      read_time: now - 40,
    });
    ids.sosOld = await insertAlarm(db, { ...car('A-101'), ...sos, event_time: now - 2 * 86_400 });
    ids.dsm = await insertAlarm(db, {
      ...car('A-101'),
      platform_alarm_id: DSM_PHONE,
      alarm_type: 2,
      alarm_level: 2,
      device_type: 'DSM',
      device_alarm_id: 77,
      alarm_key: 'dsm-key-1',
      attached: JSON.stringify({ gsm: 21, sat: 9 }),
      attached_count: 3,
      event_time: now - 150,
    });
    ids.speed = await insertAlarm(db, { ...car('A-201'), platform_alarm_id: OVER_SPEED, event_time: now - 120 });
    ids.unknownCar = await insertAlarm(db, {
      company_id: f.companyA,
      platform_alarm_id: UNDERVOLTAGE,
      event_time: now - 400,
    });
    const b = { company_id: f.companyB, car_id: f.carsB.get('B-1') ?? 0, car_name: 'B-1', ...sos };
    ids.b1 = await insertAlarm(db, { ...b, event_time: now - 10, alarm_key: 'dsm-key-1' });
    ids.b2 = await insertAlarm(db, { ...b, event_time: now - 20 });
    await insertAlarmFile(db, f.companyA, 'dsm-key-1', 'a.jpg', true);
    await insertAlarmFile(db, f.companyA, 'dsm-key-1', 'b.mp4', true);
    await insertAlarmFile(db, f.companyA, 'dsm-key-1', 'c.jpg', false);
    await insertAlarmFile(db, f.companyB, 'dsm-key-1', 'a.jpg', true);

    const view = PermissionBit.view;
    handler = await userWith(f, 'handler', { SafetyActiveSafety: view | PermissionBit.edit }, [f.lines.get('10') ?? 0]);
    watcher = await userWith(f, 'watcher', { SafetyActiveSafety: view });
  });
  afterAll(() => f.server.close());

  const real = async (client: HeadwayClient, query = '') =>
    (await client.get<AlarmRealResult>(`/device/alarm/real${query}`)).result;
  /** The badge's question: the count alone, which must be the list's total under every filter. */
  const countOnly = async (client: HeadwayClient, query = '') => {
    const answer = (await client.get<AlarmRealResult>(`/device/alarm/real?count_only=1${query}`)).result;
    expect(answer.rows).toEqual([]);
    return answer.total;
  };
  const details = (client: HeadwayClient, data: Record<string, unknown>, page: Record<string, unknown> = {}) =>
    client.post<ListResult<AlarmDetailRow>>('/device/alarm/all', {
      page: 1,
      limit: 20,
      ...page,
      data: { start_time: now - 3 * 86_400, end_time: now, ...data },
    });

  it('lists unread recent alarms per vehicle and type, newest first, with the unread total', async () => {
    const list = await real(f.admin);
    expect(list.total).toBe(6);
    expect(list.rows.map((r) => [r.car_name, r.platform_alarm_id, r.alarm_count, r.event_time - now])).toEqual([
      ['A-101', SOS, 3, -100],
      ['A-201', OVER_SPEED, 1, -120],
      ['A-101', DSM_PHONE, 1, -150],
      ['', UNDERVOLTAGE, 1, -400],
    ]);
    const [first] = list.rows;
    expect(first).toMatchObject({
      car_id: f.cars.get('A-101'),
      route_id: f.lines.get('10'),
      route_name: 'Line 10',
      lpn: 'LPN-A-101',
      alarm_type: 0,
      device_type: 'GPS',
      last: { id: ids.sos3, speed: 42.5, alarm_level: 3, event_time: now - 100, end_time: null },
    });
  });

  it('filters the live list by line and leaves out types whose web notice the user turned off', async () => {
    const line10 = await real(f.admin, `?route_id=${f.lines.get('10')}`);
    expect(line10.total).toBe(4);
    expect(line10.rows.map((r) => r.platform_alarm_id)).toEqual([SOS, DSM_PHONE]);

    const off = {
      platform_alarm_id: OVER_SPEED,
      web_notice: 1,
      app_notice: 0,
      mail_notice: 1,
      is_show: 0,
      duration: 0,
    };
    expect((await f.admin.post('/owner/user/alarm', { alarm_list: [off] })).code).toBe(0);
    const filtered = await real(f.admin);
    expect(filtered.total).toBe(5);
    expect(filtered.rows.map((r) => r.platform_alarm_id)).not.toContain(OVER_SPEED);
    // Another user's preference is theirs alone.
    expect((await real(watcher)).total).toBe(6);
    expect(await countOnly(f.admin)).toBe(5);
    expect(await countOnly(watcher)).toBe(6);
    await f.admin.post('/owner/user/alarm', { alarm_list: [{ ...off, web_notice: 0 }] });
    expect((await real(f.admin)).total).toBe(6);
  });

  it('answers the total alone with count_only=1, by the list’s own filter', async () => {
    expect(await real(f.admin, '?count_only=1')).toEqual({ total: 6, rows: [] });
    expect(await countOnly(f.admin, `&route_id=${f.lines.get('10')}`)).toBe(4);
    expect(await countOnly(f.admin, `&route_id=${f.lines.get('20')}`)).toBe(1);
    expect(await countOnly(handler)).toBe(4);
    expect(await countOnly(handler, `&route_id=${f.lines.get('20')}`)).toBe(0);
    expect(await countOnly(f.adminB)).toBe(2);
    // 0 (or no flag) is the list.
    const list = await real(f.admin, '?count_only=0');
    expect(list.total).toBe(6);
    expect(list.rows).toHaveLength(4);
    for (const bad of ['2', '-1', 'yes', '1.5', '']) {
      const reply = await f.admin.get(`/device/alarm/real?count_only=${bad}`);
      expect(reply.code, bad).toBe(ErrorCode.parameter);
    }
    expect((await f.dispatcher.get('/device/alarm/real?count_only=1')).code).toBe(ErrorCode.permission);
  });

  it('counts nothing for a console without lines', async () => {
    const idle = await userWith(f, 'idle', { SafetyActiveSafety: PermissionBit.view }, []);
    expect(await real(idle, '?count_only=1')).toEqual({ total: 0, rows: [] });
    expect(await real(idle)).toEqual({ total: 0, rows: [] });
  });

  it('answers the details of a range newest first, paged, with complete evidence files counted', async () => {
    const all = await details(f.admin, {});
    expect(all).toMatchObject({ code: 0 });
    expect(all.result.total).toBe(8);
    expect(all.result.rows.map((r) => r.id)).toEqual([
      ids.sosRead,
      ids.sos3,
      ids.speed,
      ids.dsm,
      ids.sos2,
      ids.sos1,
      ids.unknownCar,
      ids.sosOld,
    ]);
    const dsm = all.result.rows.find((r) => r.id === ids.dsm);
    expect(dsm).toMatchObject({
      alarm_id: DSM_PHONE,
      platform_alarm_id: DSM_PHONE,
      device_type: 'DSM',
      device_alarm_id: 77,
      alarm_type: 2,
      attached: { gsm: 21, sat: 9 },
      attached_count: 3,
      // Two complete files of this company; the incomplete one and company B's same key do not count.
      file_count: 2,
      is_readed: 0,
      remark: '',
      read_time: null,
    });
    expect(all.result.rows.find((r) => r.id === ids.sosRead)).toMatchObject({
      is_readed: 1,
      remark: 'earlier',
      read_by_name: 'someone',
      read_time: now - 40,
    });

    const page2 = await details(f.admin, {}, { page: 2, limit: 10 });
    expect(page2.result).toEqual({ total: 8, rows: [] });
  });

  it('applies every filter of the details body', async () => {
    const count = async (data: Record<string, unknown>) => (await details(f.admin, data)).result.total;
    expect(await count({ is_readed: null })).toBe(8);
    expect(await count({ is_readed: 0 })).toBe(7);
    expect(await count({ is_readed: 1 })).toBe(1);
    expect(await count({ route_id: f.lines.get('20') })).toBe(1);
    expect(await count({ route_id: null })).toBe(8);
    expect(await count({ car_list: [f.cars.get('A-201'), f.cars.get('A-301')] })).toBe(1);
    expect(await count({ car_list: [] })).toBe(8);
    expect(await count({ alarm_list: [DSM_PHONE, OVER_SPEED] })).toBe(2);
    expect(await count({ device_types: ['DSM', 'ADAS'] })).toBe(1);
    expect(await count({ alarm_level: 3 })).toBe(5);
    expect(await count({ start_time: now - 160, end_time: now - 100 })).toBe(3);
    // The bounds are inclusive.
    expect(await count({ start_time: now - 100, end_time: now - 100 })).toBe(1);
  });

  it('refuses a bad details body with 1004 naming the field', async () => {
    const reversed = await details(f.admin, { start_time: now, end_time: now - 1 });
    expect(reversed).toMatchObject({ code: ErrorCode.parameter, result: { field: 'data.end_time' } });
    expect((reversed.result as unknown as { reason: string }).reason).toMatch(/before start_time/);
    const long = await details(f.admin, { start_time: now - 32 * 86_400, end_time: now });
    expect(long).toMatchObject({ code: ErrorCode.parameter, result: { field: 'data.end_time' } });
    expect((await details(f.admin, { start_time: now - 31 * 86_400, end_time: now })).code).toBe(0);

    const bad: Record<string, unknown>[] = [
      { start_time: 'yesterday' },
      { start_time: -1 },
      { end_time: 10_000_000_000 },
      { is_readed: 2 },
      { car_list: ['x'] },
      { alarm_list: [1.5] },
      { alarm_level: 4 },
      { route_id: 0 },
      { is_readed: 'all' },
    ];
    for (const data of bad) {
      const reply = await details(f.admin, data);
      expect(reply.code, JSON.stringify(data)).toBe(ErrorCode.parameter);
    }
    expect((await details(f.admin, {}, { limit: 7 })).code).toBe(ErrorCode.parameter);
    expect((await details(f.admin, {}, { page: 0 })).code).toBe(ErrorCode.parameter);
    expect((await f.admin.post('/device/alarm/all', { page: 1, limit: 20 })).code).toBe(ErrorCode.parameter);
    const infinite = await f.admin.post('/device/alarm/all', undefined, {
      rawBody: `{"page":1,"limit":20,"data":{"start_time":1e309,"end_time":${now}}}`,
    });
    expect(infinite.code).toBe(ErrorCode.parameter);
    const infinitePage = await f.admin.post('/device/alarm/all', undefined, {
      rawBody: `{"page":1e309,"limit":20,"data":{"start_time":0,"end_time":${now}}}`,
    });
    expect(infinitePage.code).toBe(ErrorCode.parameter);
  });

  it('answers one alarm by id, and 1008 for another company’s or a missing one', async () => {
    const one = await f.admin.get<AlarmDetailRow>(`/device/alarm?id=${ids.dsm}`);
    expect(one.result).toMatchObject({ id: ids.dsm, file_count: 2, attached: { gsm: 21 }, car_name: 'A-101' });
    expect((await f.admin.get(`/device/alarm?id=${ids.b1}`)).code).toBe(ErrorCode.recordMissing);
    expect((await f.admin.get('/device/alarm?id=987654321')).code).toBe(ErrorCode.recordMissing);
    expect((await f.adminB.get(`/device/alarm?id=${ids.dsm}`)).code).toBe(ErrorCode.recordMissing);
    expect((await f.adminB.get<AlarmDetailRow>(`/device/alarm?id=${ids.b1}`)).result).toMatchObject({
      car_name: 'B-1',
      file_count: 1,
    });
    for (const id of ['0', 'abc', 'Infinity', '1e309', '-3']) {
      expect((await f.admin.get(`/device/alarm?id=${id}`)).code, id).toBe(ErrorCode.parameter);
    }
    expect((await f.admin.get('/device/alarm')).code).toBe(ErrorCode.parameter);
  });

  it('keeps company B to its own alarms everywhere', async () => {
    const list = await real(f.adminB);
    expect(list.total).toBe(2);
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ car_name: 'B-1', alarm_count: 2, last: { id: ids.b1 } });
    const all = await details(f.adminB, {});
    expect(all.result.rows.map((r) => r.id)).toEqual([ids.b1, ids.b2]);
    const lineOfA = await details(f.adminB, { route_id: f.lines.get('10'), car_list: [f.cars.get('A-101')] });
    expect(lineOfA.result.total).toBe(0);
  });

  it('shows a console user only the vehicles of the console’s lines', async () => {
    const list = await real(handler);
    expect(list.total).toBe(4);
    expect(list.rows.map((r) => [r.car_name, r.platform_alarm_id])).toEqual([
      ['A-101', SOS],
      ['A-101', DSM_PHONE],
    ]);
    expect((await real(handler, `?route_id=${f.lines.get('20')}`)).total).toBe(0);
    const all = await details(handler, {});
    expect(all.result.total).toBe(6);
    expect(new Set(all.result.rows.map((r) => r.car_name))).toEqual(new Set(['A-101']));
    expect((await handler.get(`/device/alarm?id=${ids.speed}`)).code).toBe(ErrorCode.recordMissing);
    expect((await handler.get(`/device/alarm?id=${ids.unknownCar}`)).code).toBe(ErrorCode.recordMissing);
    expect((await handler.get(`/device/alarm?id=${ids.dsm}`)).code).toBe(0);
  });

  it('needs view on SafetyActiveSafety to read and edit to mark read (1005)', async () => {
    expect((await f.dispatcher.get('/device/alarm/real')).code).toBe(ErrorCode.permission);
    expect((await details(f.dispatcher, {})).code).toBe(ErrorCode.permission);
    expect((await f.dispatcher.get(`/device/alarm?id=${ids.dsm}`)).code).toBe(ErrorCode.permission);
    // Checked before the body: a bad body from a caller without the bit is still 1005.
    expect((await f.dispatcher.put('/device/alarm', { id_list: [] })).code).toBe(ErrorCode.permission);
    expect((await real(watcher)).total).toBeGreaterThan(0);
    const refused = await watcher.put('/device/alarm', { id_list: [ids.sos1], is_readed: 1 });
    expect(refused.code).toBe(ErrorCode.permission);
    expect((await f.admin.get<AlarmDetailRow>(`/device/alarm?id=${ids.sos1}`)).result.is_readed).toBe(0);
    const anonymous = f.server.client();
    expect((await anonymous.get('/device/alarm/real')).code).toBe(ErrorCode.loginExpired);
  });

  it('refuses a bad read-handling body with 1004', async () => {
    const bodies: unknown[] = [
      { id_list: [ids.sos1], is_readed: 0 },
      { id_list: [ids.sos1] },
      { id_list: [], is_readed: 1 },
      { id_list: [0], is_readed: 1 },
      { id_list: ['x'], is_readed: 1 },
      { id_list: [ids.sos1], is_readed: 1, remark: 'x'.repeat(256) },
      { id_list: Array.from({ length: 1001 }, (_, i) => i + 1), is_readed: 1 },
    ];
    for (const body of bodies) {
      expect((await f.admin.put('/device/alarm', body)).code, JSON.stringify(body).slice(0, 60)).toBe(
        ErrorCode.parameter,
      );
    }
    expect((await f.admin.get<AlarmDetailRow>(`/device/alarm?id=${ids.sos1}`)).result.is_readed).toBe(0);
  });

  it('marks unread alarms of the scope read once, with remark and reader, and never back', async () => {
    const outside = [ids.speed, ids.unknownCar, ids.b1, ids.sosRead];
    const handled = await handler.put<{ count: number }>('/device/alarm', {
      id_list: [ids.sos1, ids.sos2, ids.sos3, ids.sos1, ...outside],
      is_readed: 1,
      remark: '  called the driver  ',
    });
    expect(handled).toMatchObject({ code: 0, result: { count: 3 } });
    const read = await f.admin.get<AlarmDetailRow>(`/device/alarm?id=${ids.sos2}`);
    expect(read.result).toMatchObject({
      is_readed: 1,
      remark: 'called the driver',
      read_by_name: 'handler name',
      read_time: now,
    });
    // Untouched: out of the console, another company's, already read.
    expect((await f.admin.get<AlarmDetailRow>(`/device/alarm?id=${ids.speed}`)).result.is_readed).toBe(0);
    expect((await f.admin.get<AlarmDetailRow>(`/device/alarm?id=${ids.unknownCar}`)).result.is_readed).toBe(0);
    expect((await f.adminB.get<AlarmDetailRow>(`/device/alarm?id=${ids.b1}`)).result.is_readed).toBe(0);
    expect((await f.admin.get<AlarmDetailRow>(`/device/alarm?id=${ids.sosRead}`)).result).toMatchObject({
      remark: 'earlier',
      read_by_name: 'someone',
    });

    // A second handling changes nothing: the first remark and reader stay.
    const again = await f.admin.put<{ count: number }>('/device/alarm', {
      id_list: [ids.sos2],
      is_readed: 1,
      remark: 'overwrite?',
    });
    expect(again.result.count).toBe(0);
    expect((await f.admin.get<AlarmDetailRow>(`/device/alarm?id=${ids.sos2}`)).result.remark).toBe('called the driver');

    // Company B's administrator cannot touch A's alarms.
    const foreign = await f.adminB.put<{ count: number }>('/device/alarm', { id_list: [ids.speed], is_readed: 1 });
    expect(foreign.result.count).toBe(0);
    const byAdmin = await f.admin.put<{ count: number }>('/device/alarm', { id_list: [ids.speed], is_readed: 1 });
    expect(byAdmin.result.count).toBe(1);
    expect((await f.admin.get<AlarmDetailRow>(`/device/alarm?id=${ids.speed}`)).result).toMatchObject({
      remark: '',
      read_by_name: 'Administrator',
    });

    const list = await real(f.admin);
    expect(list.total).toBe(2);
    expect(list.rows.map((r) => r.platform_alarm_id)).toEqual([DSM_PHONE, UNDERVOLTAGE]);
    expect(await countOnly(f.admin)).toBe(2);
    expect((await details(f.admin, { is_readed: 0 })).result.total).toBe(3);
  });

  it('leaves alarms older than the live window out of the live list', async () => {
    // A day on, sessions have lapsed (12 h idle): sign in again.
    f.server.clock.advance(86_400 - 150);
    await f.admin.login('admin', PASSWORD);
    await f.adminB.login('b-admin', PASSWORD);
    expect((await real(f.admin)).rows.map((r) => r.platform_alarm_id)).toEqual([DSM_PHONE]);
    expect(await countOnly(f.admin)).toBe(1);
    f.server.clock.advance(1);
    expect(await real(f.admin)).toEqual({ total: 0, rows: [] });
    expect(await countOnly(f.admin)).toBe(0);
    expect((await real(f.adminB)).total).toBe(2);
    // Still in the details.
    expect((await details(f.admin, { is_readed: 0 })).result.total).toBe(3);
  });
});
