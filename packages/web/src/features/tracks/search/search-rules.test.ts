import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { checkSearch, presetRange, queryBody } from './search-rules';
import { type VehicleChoice, vehicleChoices } from './vehicle-choices';

const T = 1_763_780_000;

describe('time presets', () => {
  const now = dayjs('2025-11-20T10:30:00');
  it('last 1 h, last 2 h, today, yesterday; custom keeps the fields', () => {
    const fmt = (r: ReturnType<typeof presetRange>) => r?.map((d) => d.format('MM-DD HH:mm:ss'));
    expect(fmt(presetRange('hour1', now))).toEqual(['11-20 09:30:00', '11-20 10:30:00']);
    expect(fmt(presetRange('hour2', now))).toEqual(['11-20 08:30:00', '11-20 10:30:00']);
    expect(fmt(presetRange('today', now))).toEqual(['11-20 00:00:00', '11-20 10:30:00']);
    expect(fmt(presetRange('yesterday', now))).toEqual(['11-19 00:00:00', '11-19 23:59:59']);
    expect(presetRange('custom', now)).toBeNull();
  });
});

describe('search check', () => {
  const base = { start: T - 3600, end: T, carIds: [7], moving: true };

  it('one vehicle sends car_id, several car_list, none the line; the switch sends speed 1', () => {
    expect(queryBody(base)).toEqual({ start_time: T - 3600, end_time: T, speed: 1, car_id: 7 });
    expect(queryBody({ ...base, carIds: [7, 9], moving: false })).toMatchObject({ car_list: [7, 9], speed: 0 });
    expect(queryBody({ ...base, carIds: [], routeCode: 'S40' })).toMatchObject({ route_code: 'S40' });
    expect(queryBody({ ...base, carIds: [7], routeCode: 'S40' })).not.toHaveProperty('route_code');
  });

  it('needs a line or a vehicle, an end after the start, and at most 7 days', () => {
    expect(checkSearch({ ...base, carIds: [] })).toEqual({ kind: 'invalid', problem: 'pickVehicle' });
    expect(checkSearch({ ...base, end: base.start })).toEqual({ kind: 'invalid', problem: 'endBeforeStart' });
    expect(checkSearch({ ...base, start: T - 7 * 86_400 - 1 })).toEqual({ kind: 'invalid', problem: 'tooLong' });
  });

  it('asks for confirmation above 24 h, up to 7 days', () => {
    expect(checkSearch({ ...base, start: T - 86_400 }).kind).toBe('ok');
    expect(checkSearch({ ...base, start: T - 86_401 }).kind).toBe('confirm');
    expect(checkSearch({ ...base, start: T - 7 * 86_400 }).kind).toBe('confirm');
  });
});

describe('vehicle choices', () => {
  const fleet = (n: number): VehicleChoice[] =>
    Array.from({ length: n }, (_, i) => ({
      value: i + 1,
      label: `Bus ${String(i + 1).padStart(4, '0')}`,
      routeCode: i % 2 ? 'S40' : 'S48',
      imei: `8645200400${String(i).padStart(5, '0')}`,
    }));

  it('lists every vehicle up to 100', () => {
    expect(vehicleChoices(fleet(100), '', [])).toHaveLength(100);
    expect(vehicleChoices(fleet(100), '', [], 'S40')).toHaveLength(50);
    expect(vehicleChoices(fleet(100), 'bus 0042', []).map((c) => c.value)).toEqual([42]);
  });

  it('goes lazy above 100: the top 20, matches when searching, chosen ones kept', () => {
    const all = fleet(500);
    expect(vehicleChoices(all, '', [])).toHaveLength(20);
    expect(vehicleChoices(all, '', [400]).map((c) => c.value)).toContain(400);
    expect(vehicleChoices(all, 'bus 04', [])).toHaveLength(50);
    // By IMEI too.
    expect(vehicleChoices(all, '864520040000499', []).map((c) => c.value)).toEqual([500]);
  });
});
