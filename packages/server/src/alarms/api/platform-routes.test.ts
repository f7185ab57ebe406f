import { CUSTOM_ALARM_CODE_MIN, CUSTOM_ALARM_GROUP, PermissionBit, PLATFORM_ALARMS } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import type { ListResult, PlatformAlarmType } from '../../contract/index.ts';
import { ErrorCode } from '../../kernel/errors.ts';
import { epochSeconds } from '../../kernel/time.ts';
import { insertAlarm } from './testing/alarms.ts';
import { type AlarmApiFixture, startAlarmApiFixture, userWith } from './testing/server.ts';

// /basic/alarm/platform on both engines: the catalogue in the caller's language, the company's own types (group
// 200, codes from CUSTOM_ALARM_CODE_MIN, names unique per company ignoring case), built-in types refused by name,
// the BasicAlarmType masks, and tenant isolation.
describe.each(ENGINES)('platform alarm types /basic/alarm/platform on %s', (engine) => {
  let f: AlarmApiFixture;
  let viewer: HeadwayClient;

  beforeAll(async () => {
    f = await startAlarmApiFixture(engine);
    viewer = await userWith(f, 'type-viewer', { BasicAlarmType: PermissionBit.view });
  });
  afterAll(() => f.server.close());

  const list = async (client: HeadwayClient, query = '', language?: string) =>
    (
      await client.get<ListResult<PlatformAlarmType>>(
        `/basic/alarm/platform${query}`,
        language ? { headers: { 'accept-language': language } } : undefined,
      )
    ).result;
  const create = (client: HeadwayClient, body: Record<string, unknown>) =>
    client.post<PlatformAlarmType>('/basic/alarm/platform', body);

  it('lists every built-in type with its group and level, named in the caller’s language', async () => {
    const en = await list(f.admin);
    expect(en.total).toBe(PLATFORM_ALARMS.length);
    expect(en.rows[0]).toEqual({
      id: 1,
      platform_alarm_id: 1,
      group_id: 1,
      alarm_name: PLATFORM_ALARMS[0]?.label.en,
      alarm_level: 3,
      built_in: true,
      remark: '',
    });
    const zh = await list(f.admin, '', 'zh-CN,zh;q=0.9');
    expect(zh.rows[0]?.alarm_name).toBe(PLATFORM_ALARMS[0]?.label.zh);
    const th = await list(f.admin, '', 'th');
    expect(th.rows.find((r) => r.platform_alarm_id === 0x6502)?.alarm_name).toBe('ใช้โทรศัพท์ขณะขับ');
    const dsm = await list(f.admin, '?group_id=13');
    expect(dsm.rows.every((r) => r.group_id === 13)).toBe(true);
    expect(dsm.total).toBe(28);
    // Every signed-in user reads the catalogue: the alarm dialogs name types with it.
    expect((await list(f.dispatcher)).total).toBe(PLATFORM_ALARMS.length);
    expect((await f.admin.get('/basic/alarm/platform?group_id=-1')).code).toBe(ErrorCode.parameter);
  });

  it('creates own types in group 200 with the next code; names are unique per company ignoring case', async () => {
    expect((await f.admin.get('/basic/alarm/platform/validator?alarm_name=Door%20open')).result).toBe(true);
    const door = await create(f.admin, { alarm_name: ' Door open ', alarm_level: 2, remark: 'at a stop' });
    expect(door.result).toEqual({
      id: CUSTOM_ALARM_CODE_MIN,
      platform_alarm_id: CUSTOM_ALARM_CODE_MIN,
      group_id: CUSTOM_ALARM_GROUP,
      alarm_name: 'Door open',
      alarm_level: 2,
      built_in: false,
      remark: 'at a stop',
    });
    const wipers = await create(f.admin, { alarm_name: 'Wipers' });
    expect(wipers.result).toMatchObject({ platform_alarm_id: CUSTOM_ALARM_CODE_MIN + 1, alarm_level: 1, remark: '' });

    const taken = await create(f.admin, { alarm_name: 'DOOR OPEN' });
    expect(taken).toMatchObject({ code: ErrorCode.parameter, result: { field: 'alarm_name', rule: 'taken' } });
    const validator = await f.admin.get('/basic/alarm/platform/validator?alarm_name=door%20OPEN');
    expect(validator).toMatchObject({ code: ErrorCode.parameter, result: { field: 'alarm_name' } });
    const self = await f.admin.get(
      `/basic/alarm/platform/validator?alarm_name=door%20open&id=${CUSTOM_ALARM_CODE_MIN}`,
    );
    expect(self.result).toBe(true);

    // Another company may use the same name, numbered on its own.
    const theirs = await create(f.adminB, { alarm_name: 'Door open' });
    expect(theirs.result.platform_alarm_id).toBe(CUSTOM_ALARM_CODE_MIN);

    const all = await list(f.admin);
    expect(all.total).toBe(PLATFORM_ALARMS.length + 2);
    expect(all.rows.slice(-2).map((r) => r.alarm_name)).toEqual(['Door open', 'Wipers']);
    expect((await list(f.admin, `?group_id=${CUSTOM_ALARM_GROUP}`)).total).toBe(2);
    expect((await list(f.adminB, `?group_id=${CUSTOM_ALARM_GROUP}`)).rows.map((r) => r.alarm_name)).toEqual([
      'Door open',
    ]);
  });

  it('refuses bad bodies with 1004', async () => {
    const bodies: Record<string, unknown>[] = [
      {},
      { alarm_name: '' },
      { alarm_name: '   ' },
      { alarm_name: 'x'.repeat(65) },
      { alarm_name: 'ok', alarm_level: 4 },
      { alarm_name: 'ok', alarm_level: 'high' },
      { alarm_name: 'ok', remark: 'x'.repeat(256) },
      { alarm_name: ['a', 'b'] },
    ];
    for (const body of bodies) {
      expect((await create(f.admin, body)).code, JSON.stringify(body).slice(0, 60)).toBe(ErrorCode.parameter);
    }
    expect((await f.admin.get('/basic/alarm/platform/validator')).code).toBe(ErrorCode.parameter);
    expect((await f.admin.get('/basic/alarm/platform/validator?alarm_name=%20')).code).toBe(ErrorCode.parameter);
  });

  it('updates and deletes own types only: built-in ones answer 1004, unknown and foreign ones 1008', async () => {
    const code = CUSTOM_ALARM_CODE_MIN + 1;
    const renamed = await f.admin.put<PlatformAlarmType>('/basic/alarm/platform', {
      id: code,
      alarm_name: 'Wiper fault',
      alarm_level: 3,
    });
    expect(renamed.result).toMatchObject({ id: code, alarm_name: 'Wiper fault', alarm_level: 3, remark: '' });
    const clash = await f.admin.put('/basic/alarm/platform', { id: code, alarm_name: 'door open' });
    expect(clash).toMatchObject({ code: ErrorCode.parameter, result: { field: 'alarm_name' } });
    const same = await f.admin.put('/basic/alarm/platform', { id: code, alarm_name: 'WIPER FAULT', remark: 'r' });
    expect(same.result).toMatchObject({ alarm_name: 'WIPER FAULT', remark: 'r', alarm_level: 3 });

    const builtIn = await f.admin.put('/basic/alarm/platform', { id: 1, alarm_name: 'Panic' });
    expect(builtIn).toMatchObject({ code: ErrorCode.parameter, result: { field: 'id', rule: 'built-in' } });
    expect((await f.admin.delete('/basic/alarm/platform/1')).code).toBe(ErrorCode.parameter);
    expect((await f.admin.delete(`/basic/alarm/platform/${0x6502}`)).code).toBe(ErrorCode.parameter);
    expect((await f.admin.put('/basic/alarm/platform', { id: 123_456, alarm_name: 'x' })).code).toBe(
      ErrorCode.recordMissing,
    );
    // B's own type has code CUSTOM_ALARM_CODE_MIN too, but A's request only ever reaches A's.
    const bRename = await f.adminB.put<PlatformAlarmType>('/basic/alarm/platform', {
      id: CUSTOM_ALARM_CODE_MIN,
      alarm_name: 'Door ajar',
    });
    expect(bRename.code).toBe(0);
    expect((await f.adminB.delete(`/basic/alarm/platform/${code}`)).code).toBe(ErrorCode.recordMissing);
    expect((await list(f.admin)).rows.find((r) => r.id === CUSTOM_ALARM_CODE_MIN)?.alarm_name).toBe('Door open');

    for (const id of ['0', 'abc', 'Infinity', '2147483648']) {
      expect((await f.admin.delete(`/basic/alarm/platform/${id}`)).code, id).toBe(ErrorCode.parameter);
    }

    // Stored alarms keep their code, and a new type never takes it over.
    const now = epochSeconds(f.server.clock);
    await insertAlarm(f.server.store.db, { company_id: f.companyA, platform_alarm_id: code, event_time: now });
    expect((await f.admin.delete(`/basic/alarm/platform/${code}`)).code).toBe(0);
    expect((await f.admin.delete(`/basic/alarm/platform/${code}`)).code).toBe(ErrorCode.recordMissing);
    const next = await create(f.admin, { alarm_name: 'Wipers' });
    expect(next.result.platform_alarm_id).toBe(code + 1);
    expect((await list(f.admin)).rows.map((r) => r.id)).not.toContain(code);
  });

  it('needs the BasicAlarmType bits to change types (1005); reading is open', async () => {
    expect((await viewer.get('/basic/alarm/platform/validator?alarm_name=Mirror')).result).toBe(true);
    expect((await create(viewer, { alarm_name: 'Mirror' })).code).toBe(ErrorCode.permission);
    const put = await viewer.put('/basic/alarm/platform', { id: CUSTOM_ALARM_CODE_MIN, alarm_name: 'x' });
    expect(put.code).toBe(ErrorCode.permission);
    expect((await viewer.delete(`/basic/alarm/platform/${CUSTOM_ALARM_CODE_MIN}`)).code).toBe(ErrorCode.permission);
    expect((await f.dispatcher.get('/basic/alarm/platform/validator?alarm_name=x')).code).toBe(ErrorCode.permission);
    expect((await list(viewer)).total).toBeGreaterThan(PLATFORM_ALARMS.length);
    expect((await f.server.client().get('/basic/alarm/platform')).code).toBe(ErrorCode.loginExpired);
  });
});
