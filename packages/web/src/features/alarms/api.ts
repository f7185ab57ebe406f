import type {
  AlarmDetailQuery,
  AlarmDetailRow,
  AlarmHandleBody,
  AlarmHandleResult,
  AlarmPreference,
  AlarmPreferencesBody,
  AlarmRealResult,
  ListResult,
  OwnLine,
  PlatformAlarmType,
  VehicleTreeNode,
} from '@headway/server/contract';
import { http } from '../../api/client';

export type { AlarmDetailQuery, AlarmDetailRow, AlarmPreference, AlarmRealResult, OwnLine, PlatformAlarmType };

// The alarm centre's calls (docs/api.md "Alarms"). Types come from the server contract.
export const alarmApi = {
  /**
   * The live list of the open alarm dialog, polled every 30 s: silent, because a poll that fails every 30 s would
   * stack a toast each time; the next poll (or the live channel) tries again.
   */
  real: (routeId?: number) => http.get<AlarmRealResult>('/device/alarm/real', { route_id: routeId }, { silent: true }),
  /** The badge's count alone (`rows` empty): a COUNT on the server instead of the list. Silent, as `real`. */
  realCount: () => http.get<AlarmRealResult>('/device/alarm/real', { count_only: 1 }, { silent: true }),
  details: (query: AlarmDetailQuery) => http.post<ListResult<AlarmDetailRow>>('/device/alarm/all', query),
  handle: (body: AlarmHandleBody) => http.put<AlarmHandleResult>('/device/alarm', body),
  preferences: () => http.get<AlarmPreference[]>('/owner/user/alarm'),
  /** Answers the saved list (spec section 9: on a result the console clears its alarm list). */
  savePreferences: (body: AlarmPreferencesBody) => http.post<AlarmPreference[] | null>('/owner/user/alarm', body),
  /** Names of the company's own (group 200) types; without it they show as their code. */
  platformTypes: () => http.get<ListResult<PlatformAlarmType>>('/basic/alarm/platform', undefined, { silent: true }),
  /**
   * The filters' lines and vehicles are the monitoring map's lists (docs/map.md), asked only when the user may see
   * the map; silent, since a filter without choices is no reason to interrupt.
   */
  lines: () => http.get<OwnLine[]>('/basic/routes/own', undefined, { silent: true }),
  vehicles: () => http.get<VehicleTreeNode[]>('/basic/cars/tree', { group_by: 'pid' }, { silent: true }),
};
