import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import type {
  AlarmRulesBody,
  AlarmRulesLine,
  AlarmRulesResult,
  AlarmRulesVehicle,
  SpeedLimitBody,
} from '../../contract/index.ts';
import { ErrorCode } from '../../kernel/errors.ts';
import { parseJson } from '../../store/json.ts';
import { type AlarmApiFixture, startAlarmApiFixture, userWith } from '../api/testing/server.ts';
import { DEFAULT_ALARM_RULES } from '../detection/rules.ts';

// /basic/alarm/rules and /basic/alarm/speed-limit on both engines: the defaults, a save that keeps the rest of
// companies.config, line and vehicle limits set and cleared, the BasicAlarmType masks, tenant isolation and bad
// input (1004, never 1000).
describe.each(ENGINES)('alarm rules /basic/alarm/rules on %s', (engine) => {
  let f: AlarmApiFixture;
  let viewer: HeadwayClient;

  beforeAll(async () => {
    f = await startAlarmApiFixture(engine);
    viewer = await userWith(f, 'rules-viewer', { BasicAlarmType: PermissionBit.view });
  });
  afterAll(() => f.server.close());

  const read = async (client: HeadwayClient) => (await client.get<AlarmRulesResult>('/basic/alarm/rules')).result;
  const configOf = async (companyId: number) => {
    const row = await f.server.store.db
      .selectFrom('companies')
      .select('config')
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    return parseJson<Record<string, unknown>>(row.config, {});
  };
  const limit = (client: HeadwayClient, body: Record<string, unknown>) =>
    client.put<AlarmRulesLine | AlarmRulesVehicle>('/basic/alarm/speed-limit', body);
  const rules: AlarmRulesBody = {
    over_speed_kmh: 50,
    over_speed_seconds: 15,
    offline_minutes: 45,
    parking_minutes: 0,
    depot_radius_m: 500,
  };

  it('reads the defaults, the company’s lines and no vehicle limits before anything is set', async () => {
    const got = await read(f.admin);
    expect(got.rules).toEqual(DEFAULT_ALARM_RULES);
    const ours = got.lines.filter((l) => ['10', '20'].includes(l.route_code));
    expect(ours).toEqual([
      { route_id: f.lines.get('10'), route_code: '10', route_name: 'Line 10', speed_limit: null },
      { route_id: f.lines.get('20'), route_code: '20', route_name: 'Line 20', speed_limit: null },
    ]);
    // Company B's line 99 is not A's.
    expect(got.lines.some((l) => l.route_code === '99')).toBe(false);
    expect(got.vehicles).toEqual([]);
    expect((await read(viewer)).rules).toEqual(DEFAULT_ALARM_RULES);
  });

  it('saves the rules into companies.config, keeping its other keys, and answers them', async () => {
    const before = await configOf(f.companyA);
    expect(before.time_zone).toBeDefined();
    const saved = await f.admin.put<AlarmRulesBody>('/basic/alarm/rules', { ...rules, extra: 1 });
    expect(saved).toMatchObject({ code: 0, result: rules });
    expect((await read(f.admin)).rules).toEqual(rules);
    const after = await configOf(f.companyA);
    expect(after).toEqual({ ...before, alarm_rules: rules });
    // Company B keeps the defaults.
    expect((await read(f.adminB)).rules).toEqual(DEFAULT_ALARM_RULES);

    // Fields of alarm_rules this version does not know survive a save.
    await f.server.store.db
      .updateTable('companies')
      .set({ config: JSON.stringify({ ...after, alarm_rules: { ...rules, future_rule: 7 } }) })
      .where('id', '=', f.companyA)
      .execute();
    await f.admin.put('/basic/alarm/rules', { ...rules, over_speed_kmh: 55 });
    expect((await configOf(f.companyA)).alarm_rules).toEqual({ ...rules, over_speed_kmh: 55, future_rule: 7 });
    expect((await f.admin.put('/basic/alarm/rules', rules)).code).toBe(0);
  });

  it('sets and clears a line’s and a vehicle’s limit, listing vehicles only while they have one', async () => {
    const line10 = f.lines.get('10') as number;
    const a101 = f.cars.get('A-101') as number;
    const a301 = f.cars.get('A-301') as number;
    const setLine = await limit(f.admin, { kind: 'line', id: line10, speed_limit: 40 });
    expect(setLine).toMatchObject({
      code: 0,
      result: { route_id: line10, route_code: '10', route_name: 'Line 10', speed_limit: 40 },
    });
    const setCar = await limit(f.admin, { kind: 'vehicle', id: a101, speed_limit: 0 });
    expect(setCar.result).toEqual({
      car_id: a101,
      car_name: 'A-101',
      lpn: expect.any(String),
      route_name: 'Line 10',
      speed_limit: 0,
    });
    const free = await limit(f.admin, { kind: 'vehicle', id: a301, speed_limit: 35 });
    expect(free.result).toMatchObject({ car_id: a301, route_name: '', speed_limit: 35 });

    let got = await read(f.admin);
    expect(got.lines.find((l) => l.route_id === line10)?.speed_limit).toBe(40);
    expect(got.vehicles.map((v) => [v.car_name, v.speed_limit])).toEqual([
      ['A-101', 0],
      ['A-301', 35],
    ]);

    expect((await limit(f.admin, { kind: 'line', id: line10, speed_limit: null })).result).toMatchObject({
      speed_limit: null,
    });
    expect((await limit(f.admin, { kind: 'vehicle', id: a301, speed_limit: null })).code).toBe(0);
    got = await read(f.admin);
    expect(got.lines.find((l) => l.route_id === line10)?.speed_limit).toBeNull();
    expect(got.vehicles.map((v) => v.car_name)).toEqual(['A-101']);
  });

  it('finds the company’s vehicles by name or plate for the picker', async () => {
    const found = (await f.admin.get<AlarmRulesVehicle[]>('/basic/alarm/rules/vehicles?search=a-2')).result;
    expect(found.map((v) => v.car_name)).toEqual(['A-201']);
    const all = (await f.admin.get<AlarmRulesVehicle[]>('/basic/alarm/rules/vehicles')).result;
    expect(all.map((v) => v.car_name)).toEqual(expect.arrayContaining(['A-101', 'A-201', 'A-301']));
    expect(all.some((v) => v.car_name === 'B-1')).toBe(false);
    // A % is a character, not a wildcard.
    expect((await f.admin.get<AlarmRulesVehicle[]>('/basic/alarm/rules/vehicles?search=%25')).result).toEqual([]);
    expect((await f.adminB.get<AlarmRulesVehicle[]>('/basic/alarm/rules/vehicles?search=A-')).result).toEqual([]);
  });

  it('needs view to read and edit to change (1005)', async () => {
    expect((await f.dispatcher.get('/basic/alarm/rules')).code).toBe(ErrorCode.permission);
    expect((await f.dispatcher.get('/basic/alarm/rules/vehicles')).code).toBe(ErrorCode.permission);
    expect((await viewer.get('/basic/alarm/rules/vehicles')).code).toBe(0);
    expect((await viewer.put('/basic/alarm/rules', rules)).code).toBe(ErrorCode.permission);
    const body: SpeedLimitBody = { kind: 'line', id: f.lines.get('20') as number, speed_limit: 30 };
    expect((await limit(viewer, body)).code).toBe(ErrorCode.permission);
    const editor = await userWith(f, 'rules-editor', { BasicAlarmType: PermissionBit.view | PermissionBit.edit });
    expect((await limit(editor, body)).code).toBe(0);
    expect((await editor.put('/basic/alarm/rules', rules)).code).toBe(0);
    expect((await limit(editor, { ...body, speed_limit: null })).code).toBe(0);
  });

  it('never reaches another company’s lines or vehicles (1008) nor its rules', async () => {
    const carB = f.carsB.get('B-1') as number;
    expect((await limit(f.admin, { kind: 'vehicle', id: carB, speed_limit: 10 })).code).toBe(ErrorCode.recordMissing);
    const lineB = (await read(f.adminB)).lines[0]?.route_id as number;
    expect((await limit(f.admin, { kind: 'line', id: lineB, speed_limit: 10 })).code).toBe(ErrorCode.recordMissing);
    expect((await limit(f.admin, { kind: 'line', id: 999_999, speed_limit: 10 })).code).toBe(ErrorCode.recordMissing);
    const b = await read(f.adminB);
    expect(b.lines.every((l) => l.speed_limit === null)).toBe(true);
    expect(b.vehicles).toEqual([]);
    expect(b.rules).toEqual(DEFAULT_ALARM_RULES);
    // B's own save touches only B.
    await f.adminB.put('/basic/alarm/rules', { ...rules, offline_minutes: 5 });
    expect((await read(f.admin)).rules.offline_minutes).toBe(rules.offline_minutes);
  });

  it('refuses bad input with 1004 and changes nothing', async () => {
    const before = await read(f.admin);
    const badRules: Record<string, unknown>[] = [
      {},
      { ...rules, over_speed_kmh: 201 },
      { ...rules, over_speed_kmh: -1 },
      { ...rules, over_speed_seconds: 3601 },
      { ...rules, offline_minutes: 10_081 },
      { ...rules, depot_radius_m: 5001 },
      { ...rules, depot_radius_m: 12.5 },
      { ...rules, over_speed_kmh: 'fast' },
      { ...rules, over_speed_kmh: 'Infinity' },
      { ...rules, over_speed_kmh: '1e309' },
      // ajv would coerce these to 0 ("off") or to the number: thresholds take JSON numbers only.
      { ...rules, offline_minutes: null },
      { ...rules, parking_minutes: false },
      { ...rules, depot_radius_m: '' },
      { ...rules, over_speed_kmh: '45' },
      { ...rules, over_speed_kmh: [50, 60] },
      { over_speed_kmh: 50 },
    ];
    for (const body of badRules) {
      const reply = await f.admin.put('/basic/alarm/rules', body);
      expect(reply.code, JSON.stringify(body)).toBe(ErrorCode.parameter);
    }
    // JSON has no Infinity: a raw body carrying one is no JSON at all.
    const raw = await f.admin.put('/basic/alarm/rules', undefined, {
      rawBody:
        '{"over_speed_kmh":Infinity,"over_speed_seconds":10,"offline_minutes":30,"parking_minutes":20,"depot_radius_m":300}',
    });
    expect(raw.code).toBe(ErrorCode.parameter);

    const line = f.lines.get('20') as number;
    const badLimits: Record<string, unknown>[] = [
      { kind: 'line', id: line, speed_limit: 201 },
      { kind: 'line', id: line, speed_limit: -5 },
      { kind: 'line', id: line, speed_limit: 'Infinity' },
      { kind: 'line', id: line, speed_limit: 'slow' },
      { kind: 'line', id: line, speed_limit: 40.5 },
      { kind: 'line', id: line },
      { kind: 'line', id: line, speed_limit: '40' },
      { kind: 'line', id: line, speed_limit: '' },
      { kind: 'line', id: line, speed_limit: false },
      { kind: 'line', id: String(line), speed_limit: 40 },
      { kind: 'fleet', id: line, speed_limit: 40 },
      { kind: 'line', id: 0, speed_limit: 40 },
      { kind: 'line', id: 'x', speed_limit: 40 },
      { kind: 'vehicle', id: '1e309', speed_limit: 40 },
      { kind: 'vehicle', id: 3_000_000_000, speed_limit: 40 },
    ];
    for (const body of badLimits) {
      const reply = await limit(f.admin, body);
      expect(reply.code, JSON.stringify(body)).toBe(ErrorCode.parameter);
    }
    expect((await f.admin.get(`/basic/alarm/rules/vehicles?search=${'x'.repeat(65)}`)).code).toBe(ErrorCode.parameter);
    expect(await read(f.admin)).toEqual(before);
  });
});
