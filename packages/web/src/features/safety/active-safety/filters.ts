import { type DeviceType, PLATFORM_ALARMS, type PlatformAlarmDef } from '@headway/spec';
import dayjs, { type Dayjs } from 'dayjs';
import type { AlarmDetailFilter } from './api';

// The evidence centre's filters and the body they make for POST /device/alarm/all and /device/alarm/export.

/** The device types with evidence: T/JSATL12's ADAS, DSM (and a stand-alone fatigue monitor), TPMS and BSD. */
export const SAFETY_DEVICE_TYPES = ['ADAS', 'DSM', 'FM', 'TPMS', 'BSD'] as const satisfies readonly DeviceType[];
export type SafetyDeviceType = (typeof SAFETY_DEVICE_TYPES)[number];

/** Catalogue groups of the active-safety alarms: 12 ADAS, 13 DSM, 14 TPMS, 15 BSD. */
export const SAFETY_GROUPS = [12, 13, 14, 15] as const;

/** The alarm types the type filter offers, by group. */
export const SAFETY_ALARM_TYPES: readonly PlatformAlarmDef[] = PLATFORM_ALARMS.filter((d) =>
  (SAFETY_GROUPS as readonly number[]).includes(d.group),
);

/** The API's longest period (31 days, like the alarm details). */
export const MAX_RANGE_DAYS = 31;

export type ReadFilter = 'all' | 'unread' | 'read';

export interface EvidenceFilterValues {
  range: [Dayjs, Dayjs];
  route_id?: number | null;
  car_ids?: number[];
  alarm_codes?: number[];
  alarm_level?: number | null;
  device_types?: SafetyDeviceType[];
  read?: ReadFilter;
}

/** The default: today, every safety device, read or not. */
export function defaultFilterValues(now: Dayjs = dayjs()): EvidenceFilterValues {
  return { range: [now.startOf('day'), now.endOf('day')], device_types: [], alarm_codes: [], car_ids: [], read: 'all' };
}

const READ: Record<ReadFilter, 0 | 1 | null> = { all: null, unread: 0, read: 1 };

/** Form values → the request's `data`: empty choices mean "all", and "all devices" means the safety ones only. */
export function evidenceFilter(values: EvidenceFilterValues): AlarmDetailFilter {
  const [from, to] = values.range;
  const filter: AlarmDetailFilter = {
    start_time: from.unix(),
    end_time: to.unix(),
    route_id: values.route_id ?? null,
    device_types: values.device_types?.length ? [...values.device_types] : [...SAFETY_DEVICE_TYPES],
    is_readed: READ[values.read ?? 'all'],
  };
  if (values.car_ids?.length) filter.car_list = [...values.car_ids];
  if (values.alarm_codes?.length) filter.alarm_list = [...values.alarm_codes];
  if (values.alarm_level) filter.alarm_level = values.alarm_level;
  return filter;
}
