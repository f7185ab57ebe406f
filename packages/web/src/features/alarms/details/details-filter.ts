import type { AlarmDetailFilter, AlarmDetailQuery, PageQuery } from '@headway/server/contract';
import { ALARM_GROUP_IDS, ALARM_GROUPS, CUSTOM_ALARM_GROUP, type Language, PLATFORM_ALARMS } from '@headway/spec';
import dayjs, { type Dayjs } from 'dayjs';

// The details dialog's form ↔ the POST /device/alarm/all query.

/** The form's values. */
export interface DetailsForm {
  days: [Dayjs, Dayjs] | null;
  codes: number[];
  routeId?: number;
  carIds: number[];
  /** Read alarms too; off shows unread ones only. */
  all: boolean;
}

/** A form that passed validation: the day range is required. */
export type ValidDetailsForm = Omit<DetailsForm, 'days'> & { days: [Dayjs, Dayjs] };

/** The query as the paged table holds it: page, limit and the filter flat beside them. */
export type DetailsQuery = Required<PageQuery> & AlarmDetailFilter;

/** The days a details dialog opens on: the last seven, today included. */
export const DEFAULT_DAYS = 7;

export function defaultDays(today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [today.subtract(DEFAULT_DAYS - 1, 'day').startOf('day'), today.endOf('day')];
}

export function initialForm(request: { carId?: number; routeId?: number }, today?: Dayjs): ValidDetailsForm {
  return {
    days: defaultDays(today),
    codes: [],
    routeId: request.routeId,
    carIds: request.carId === undefined ? [] : [request.carId],
    all: false,
  };
}

/** The filter a (validated) form asks for: whole days, null line for all, is_readed null (all) or 0 (unread). */
export function filterOf(form: ValidDetailsForm): AlarmDetailFilter {
  return {
    start_time: form.days[0].startOf('day').unix(),
    end_time: form.days[1].endOf('day').unix(),
    route_id: form.routeId ?? null,
    car_list: form.carIds,
    alarm_list: form.codes,
    is_readed: form.all ? null : 0,
  };
}

/** The flat query split into the request body. */
export function requestOf({ page, limit, ...data }: DetailsQuery): AlarmDetailQuery {
  return { page, limit, data };
}

export interface TypeOptionGroup {
  label: string;
  title: string;
  options: { value: number; label: string }[];
}

/** The alarm types to filter by: the catalogue's, then the company's own (group 200), grouped as the catalogue is. */
export function alarmTypeOptions(lang: Language, custom: ReadonlyMap<number, string>): TypeOptionGroup[] {
  return ALARM_GROUP_IDS.map((group) => {
    const options =
      group === CUSTOM_ALARM_GROUP
        ? [...custom].map(([value, label]) => ({ value, label }))
        : PLATFORM_ALARMS.filter((d) => d.group === group).map((d) => ({ value: d.code, label: d.label[lang] }));
    const label = ALARM_GROUPS[group][lang];
    return { label, title: label, options };
  }).filter((g) => g.options.length > 0);
}
