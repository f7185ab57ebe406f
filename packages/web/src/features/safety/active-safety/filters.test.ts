import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultFilterValues, evidenceFilter, SAFETY_ALARM_TYPES, SAFETY_DEVICE_TYPES } from './filters';

describe('evidence centre filters', () => {
  it('default to today, every safety device, read or not', () => {
    const now = dayjs('2026-03-14T15:30:00');
    const data = evidenceFilter(defaultFilterValues(now));
    expect(data).toEqual({
      start_time: dayjs('2026-03-14T00:00:00').unix(),
      end_time: dayjs('2026-03-14T23:59:59.999').unix(),
      route_id: null,
      device_types: ['ADAS', 'DSM', 'FM', 'TPMS', 'BSD'],
      is_readed: null,
    });
    expect(data).not.toHaveProperty('car_list');
    expect(data).not.toHaveProperty('alarm_list');
    expect(data).not.toHaveProperty('alarm_level');
  });

  it('send the chosen line, vehicles, devices, types, level and read state', () => {
    const from = dayjs('2026-03-01T06:00:00');
    const to = dayjs('2026-03-02T22:00:00');
    expect(
      evidenceFilter({
        range: [from, to],
        route_id: 7,
        car_ids: [3, 9],
        device_types: ['DSM'],
        alarm_codes: [0x6502, 0x6503],
        alarm_level: 2,
        read: 'unread',
      }),
    ).toEqual({
      start_time: from.unix(),
      end_time: to.unix(),
      route_id: 7,
      car_list: [3, 9],
      device_types: ['DSM'],
      alarm_list: [25858, 25859],
      alarm_level: 2,
      is_readed: 0,
    });
    expect(evidenceFilter({ range: [from, to], read: 'read' }).is_readed).toBe(1);
  });

  it('offer the catalogue types of groups 12–15 only', () => {
    const groups = new Set(SAFETY_ALARM_TYPES.map((d) => d.group));
    expect([...groups].sort()).toEqual([12, 13, 14, 15]);
    expect(SAFETY_ALARM_TYPES.some((d) => d.code === 0x6401)).toBe(true);
    expect(SAFETY_ALARM_TYPES.some((d) => d.code === 1)).toBe(false);
    expect(SAFETY_DEVICE_TYPES).not.toContain('GPS');
  });
});
