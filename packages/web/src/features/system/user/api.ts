import type { CreateUserBody, UpdateUserBody, UserListQuery, UserRow } from '@headway/server/contract';
import { http } from '../../../api/client';
import type { Page } from '../../../api/list';

export type { UserListQuery as UserQuery, UserRow };

export const userApi = {
  list: (q: UserListQuery) => http.get<Page<UserRow>>('/owner/user', { ...q }),
  create: (body: CreateUserBody) => http.post<UserRow>('/owner/user', body),
  update: (body: UpdateUserBody) => http.put<UserRow>('/owner/user', body),
  remove: (id: number) => http.delete<null>(`/owner/user/${id}`),
  /** true when free; code 1106 when taken (answered silently, the form shows it). */
  accountFree: (account: string) =>
    http.get<boolean>('/owner/user/validator', { account }, { silent: true }).then(
      (free) => free,
      () => false,
    ),
};
