import type { OfflineBody, OfflineResult, OnlineQuery, OnlineSession } from '@headway/server/contract';
import { http } from '../../../api/client';
import type { Page } from '../../../api/list';

export type { OnlineQuery, OnlineSession };

export const onlineApi = {
  list: (q: OnlineQuery) => http.get<Page<OnlineSession>>('/owner/user/online', { ...q }),
  forceOffline: (body: OfflineBody) => http.post<OfflineResult>('/owner/user/offline', body),
};
