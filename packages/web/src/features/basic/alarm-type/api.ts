import type {
  AlarmRulesBody,
  AlarmRulesLine,
  AlarmRulesResult,
  AlarmRulesVehicle,
  CreatePlatformAlarmBody,
  ListResult,
  PlatformAlarmType,
  SpeedLimitBody,
  UpdatePlatformAlarmBody,
} from '@headway/server/contract';
import { ErrorCode } from '@headway/spec';
import { http } from '../../../api/client';
import { ApiError } from '../../../api/errors';

export type {
  AlarmRulesBody,
  AlarmRulesLine,
  AlarmRulesResult,
  AlarmRulesVehicle,
  CreatePlatformAlarmBody,
  PlatformAlarmType,
  SpeedLimitBody,
  UpdatePlatformAlarmBody,
};

export const platformAlarmApi = {
  /** The whole catalogue — built-in types and the company's own (spec section 8: "result.rows"). */
  list: () => http.get<ListResult<PlatformAlarmType>>('/basic/alarm/platform').then((r) => r.rows),
  create: (body: CreatePlatformAlarmBody) => http.post<PlatformAlarmType>('/basic/alarm/platform', body),
  update: (body: UpdatePlatformAlarmBody) => http.put<PlatformAlarmType>('/basic/alarm/platform', body),
  remove: (id: number) => http.delete<null>(`/basic/alarm/platform/${id}`),
  /** false only when the server says the name is taken; other failures leave it to the save. */
  nameFree: (alarm_name: string, id?: number) =>
    http.get<boolean>('/basic/alarm/platform/validator', { alarm_name, id }, { silent: true }).then(
      (free) => free !== false,
      (error: unknown) =>
        !(
          error instanceof ApiError &&
          error.code === ErrorCode.parameter &&
          (error.result as { field?: string } | null)?.field === 'alarm_name'
        ),
    ),
};

export const PLATFORM_ALARMS_KEY = ['basic', 'alarm-platform'] as const;
/** The alarm centre's cache of the company's own names (features/alarms/alarm-text.ts): stale after a change. */
export const ALARM_NAMES_KEY = ['alarms', 'platform-types'] as const;

/** The thresholds of the platform's own alarms and the lines' and vehicles' speed limits (docs/alarms.md "Rules"). */
export const alarmRulesApi = {
  get: () => http.get<AlarmRulesResult>('/basic/alarm/rules'),
  save: (body: AlarmRulesBody) => http.put<AlarmRulesBody>('/basic/alarm/rules', body),
  setLimit: (body: SpeedLimitBody) =>
    http.put<AlarmRulesLine | AlarmRulesVehicle | null>('/basic/alarm/speed-limit', body),
  /** The company's vehicles whose name or plate contains the text (at most 20), for the picker. */
  searchVehicles: (search: string) => http.get<AlarmRulesVehicle[]>('/basic/alarm/rules/vehicles', { search }),
};

export const ALARM_RULES_KEY = ['basic', 'alarm-rules'] as const;
