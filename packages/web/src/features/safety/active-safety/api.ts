import type { AlarmDetailFilter, AlarmDetailQuery, AlarmDetailRow } from '@headway/server/contract';
import { http } from '../../../api/client';
import type { Page } from '../../../api/list';
import { evidenceApi, fetchBinary } from '../../alarms/evidence/api';

export type { AlarmDetailFilter, AlarmDetailQuery, AlarmDetailRow };

export const evidenceCentreApi = {
  list: (query: AlarmDetailQuery) => http.post<Page<AlarmDetailRow>>('/device/alarm/all', query),
  /** The same body as the list: the xlsx holds what the filters select, its times in the browser's zone. */
  export: (query: AlarmDetailQuery) =>
    fetchBinary('POST', '/device/alarm/export', {
      body: query,
      query: { time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    }),
  files: (alarmKey: string) => evidenceApi.files(alarmKey, true),
};
