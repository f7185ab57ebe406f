import { ALARM_GROUPS, PLATFORM_ALARMS } from '@headway/spec';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { alarmTypeOptions, filterOf, initialForm, requestOf } from './details-filter';

describe('the details query', () => {
  const today = dayjs('2026-11-24T15:30:00');

  it('opens on the last seven days, unread only, for the vehicle whose name was clicked', () => {
    const form = initialForm({ carId: 12 }, today);
    expect(form.days[0].format('YYYY-MM-DD HH:mm')).toBe('2026-11-18 00:00');
    expect(form.days[1].format('YYYY-MM-DD HH:mm')).toBe('2026-11-24 23:59');
    expect(filterOf(form)).toEqual({
      start_time: dayjs('2026-11-18T00:00:00').unix(),
      end_time: dayjs('2026-11-24T23:59:59').unix(),
      route_id: null,
      car_list: [12],
      alarm_list: [],
      is_readed: 0,
    });
  });

  it('asks for read ones too with "all", and nests the filter under data', () => {
    const filter = filterOf({ ...initialForm({ routeId: 3 }, today), all: true, codes: [1, 1001] });
    expect(filter).toMatchObject({ route_id: 3, car_list: [], alarm_list: [1, 1001], is_readed: null });
    expect(requestOf({ page: 2, limit: 20, ...filter })).toEqual({ page: 2, limit: 20, data: filter });
  });

  it("offers the catalogue's types by group, then the company's own", () => {
    const groups = alarmTypeOptions('zh', new Map([[100_001, '车门异常开启']]));
    expect(groups[0]?.label).toBe(ALARM_GROUPS[1].zh);
    expect(groups.flatMap((g) => g.options).length).toBe(PLATFORM_ALARMS.length + 1);
    expect(groups.at(-1)).toMatchObject({
      label: ALARM_GROUPS[200].zh,
      options: [{ value: 100_001, label: '车门异常开启' }],
    });
  });
});
