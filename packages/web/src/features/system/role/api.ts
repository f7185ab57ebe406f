import type { CreateRoleBody, RoleListQuery, RoleRow, ScreenEntry, UpdateRoleBody } from '@headway/server/contract';
import { http } from '../../../api/client';
import type { Page } from '../../../api/list';

export type { RoleRow, ScreenEntry as RoleScreen };

export const roleApi = {
  list: (q: RoleListQuery) => http.get<Page<RoleRow>>('/owner/role', { ...q }),
  screens: () => http.get<ScreenEntry[]>('/owner/role/screens'),
  create: (body: CreateRoleBody) => http.post<RoleRow>('/owner/role', body),
  update: (body: UpdateRoleBody) => http.put<RoleRow>('/owner/role', body),
  remove: (id: number) => http.delete<null>(`/owner/role/${id}`),
};
