import { defaultAlarmNotice, PLATFORM_ALARMS } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers/database.ts';
import type { AlarmPreference, PlatformAlarmType } from '../../contract/index.ts';
import { ErrorCode } from '../../kernel/errors.ts';
import { type AlarmApiFixture, startAlarmApiFixture } from './testing/server.ts';

// /owner/user/alarm on both engines: every type with defaults filled in, upserts of one's own preferences only,
// the company's own types included (never another company's), and 1004 for unknown codes and bad values.
describe.each(ENGINES)('alarm preferences /owner/user/alarm on %s', (engine) => {
  let f: AlarmApiFixture;
  const pref = (code: number, over: Partial<AlarmPreference> = {}): AlarmPreference => ({
    platform_alarm_id: code,
    web_notice: 0,
    app_notice: 0,
    mail_notice: 0,
    is_show: 1,
    duration: 15,
    ...over,
  });

  beforeAll(async () => {
    f = await startAlarmApiFixture(engine);
  });
  afterAll(() => f.server.close());

  const prefsOf = async (client = f.admin) => (await client.get<AlarmPreference[]>('/owner/user/alarm')).result;

  it('answers every built-in type with the catalogue defaults', async () => {
    const prefs = await prefsOf();
    expect(prefs.map((p) => p.platform_alarm_id)).toEqual(PLATFORM_ALARMS.map((d) => d.code));
    expect(prefs.find((p) => p.platform_alarm_id === 1)).toEqual({ platform_alarm_id: 1, ...defaultAlarmNotice(1) });
    expect(prefs.find((p) => p.platform_alarm_id === 1104)).toEqual({
      platform_alarm_id: 1104,
      ...defaultAlarmNotice(1104),
    });
  });

  it('saves the given types, keeps the rest, and answers the whole list; one user never changes another’s', async () => {
    const saved = await f.admin.post<AlarmPreference[]>('/owner/user/alarm', {
      alarm_list: [pref(1, { duration: 60 }), pref(1001, { web_notice: 1, is_show: 0 })],
    });
    expect(saved.code).toBe(0);
    expect(saved.result).toHaveLength(PLATFORM_ALARMS.length);
    expect(saved.result.find((p) => p.platform_alarm_id === 1)).toEqual(pref(1, { duration: 60 }));
    // Upsert: a second save changes the stored row; the last entry for a code wins.
    await f.admin.post('/owner/user/alarm', {
      alarm_list: [pref(1, { duration: 5 }), pref(1, { duration: 0, mail_notice: 1 })],
    });
    const prefs = await prefsOf();
    expect(prefs.find((p) => p.platform_alarm_id === 1)).toEqual(pref(1, { duration: 0, mail_notice: 1 }));
    expect(prefs.find((p) => p.platform_alarm_id === 1001)).toEqual(pref(1001, { web_notice: 1, is_show: 0 }));
    expect(prefs.find((p) => p.platform_alarm_id === 1002)).toEqual({
      platform_alarm_id: 1002,
      ...defaultAlarmNotice(1002),
    });
    // Any signed-in user has their own, whatever their screens.
    const theirs = await prefsOf(f.dispatcher);
    expect(theirs.find((p) => p.platform_alarm_id === 1)).toEqual({ platform_alarm_id: 1, ...defaultAlarmNotice(1) });
    expect((await f.dispatcher.post('/owner/user/alarm', { alarm_list: [pref(2)] })).code).toBe(0);
    expect((await prefsOf()).find((p) => p.platform_alarm_id === 2)).toEqual({
      platform_alarm_id: 2,
      ...defaultAlarmNotice(2),
    });
    expect((await f.admin.post('/owner/user/alarm', { alarm_list: [] })).code).toBe(0);
  });

  it('includes the company’s own types and refuses another company’s or an unknown code with 1004', async () => {
    const own = await f.admin.post<PlatformAlarmType>('/basic/alarm/platform', { alarm_name: 'Door open' });
    // Codes are per company: B's second type has a code A has none of.
    await f.adminB.post<PlatformAlarmType>('/basic/alarm/platform', { alarm_name: 'Wipers' });
    const theirs = await f.adminB.post<PlatformAlarmType>('/basic/alarm/platform', { alarm_name: 'Horn' });
    const code = own.result.platform_alarm_id;
    const prefs = await prefsOf();
    expect(prefs.at(-1)).toEqual({ platform_alarm_id: code, ...defaultAlarmNotice(code) });
    expect(prefs.map((p) => p.platform_alarm_id)).not.toContain(theirs.result.platform_alarm_id);
    expect((await f.admin.post('/owner/user/alarm', { alarm_list: [pref(code, { is_show: 0 })] })).code).toBe(0);
    expect((await prefsOf()).at(-1)).toEqual(pref(code, { is_show: 0 }));

    const foreign = await f.admin.post('/owner/user/alarm', {
      alarm_list: [pref(1, { duration: 99 }), pref(theirs.result.platform_alarm_id)],
    });
    expect(foreign).toMatchObject({ code: ErrorCode.parameter, result: { field: 'alarm_list.1.platform_alarm_id' } });
    const unknown = await f.admin.post('/owner/user/alarm', { alarm_list: [pref(99_999)] });
    expect(unknown).toMatchObject({ code: ErrorCode.parameter, result: { field: 'alarm_list.0.platform_alarm_id' } });
    // Nothing of a refused list is stored.
    expect((await prefsOf()).find((p) => p.platform_alarm_id === 1)?.duration).toBe(0);

    // A deleted type leaves the list, with its stored preference.
    expect((await f.admin.delete(`/basic/alarm/platform/${code}`)).code).toBe(0);
    expect((await prefsOf()).map((p) => p.platform_alarm_id)).not.toContain(code);
  });

  it('refuses values out of the spec’s ranges with 1004', async () => {
    const bad: Partial<Record<keyof AlarmPreference, unknown>>[] = [
      { web_notice: 2 },
      { app_notice: -1 },
      { mail_notice: 'on' },
      { is_show: 3 },
      { duration: -1 },
      { duration: 1.5 },
      { duration: 86_401 },
      { platform_alarm_id: -1 },
      { platform_alarm_id: 2_147_483_648 },
    ];
    for (const over of bad) {
      const reply = await f.admin.post('/owner/user/alarm', { alarm_list: [{ ...pref(1), ...over }] });
      expect(reply.code, JSON.stringify(over)).toBe(ErrorCode.parameter);
    }
    const { duration: _, ...missing } = pref(1);
    expect((await f.admin.post('/owner/user/alarm', { alarm_list: [missing] })).code).toBe(ErrorCode.parameter);
    expect((await f.admin.post('/owner/user/alarm', {})).code).toBe(ErrorCode.parameter);
    const infinite = await f.admin.post('/owner/user/alarm', undefined, {
      rawBody:
        '{"alarm_list":[{"platform_alarm_id":1,"web_notice":0,"app_notice":0,"mail_notice":0,"is_show":1,"duration":1e309}]}',
    });
    expect(infinite.code).toBe(ErrorCode.parameter);
    expect((await f.server.client().get('/owner/user/alarm')).code).toBe(ErrorCode.loginExpired);
  });
});
