import type { AlarmDetailFilter, AlarmDetailQuery, AlarmDetailRow } from '@headway/server/contract';
import { http } from '../../../api/client';
import type { Page } from '../../../api/list';
import { evidenceApi } from '../../alarms/evidence/api';

export type { AlarmDetailFilter, AlarmDetailQuery, AlarmDetailRow };

export const evidenceCentreApi = {
  list: (query: AlarmDetailQuery) => http.post<Page<AlarmDetailRow>>('/device/alarm/all', query),
  files: (alarmKey: string) => evidenceApi.files(alarmKey, true),
};
