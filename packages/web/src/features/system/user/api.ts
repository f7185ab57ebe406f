import type { CreateUserBody, UpdateUserBody, UserListQuery, UserRow } from '@headway/server/contract';
import { http } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import type { Page } from '../../../api/list';

export type { UserListQuery as UserQuery, UserRow };

export const userApi = {
  list: (q: UserListQuery) => http.get<Page<UserRow>>('/owner/user', { ...q }),
  create: (body: CreateUserBody) => http.post<UserRow>('/owner/user', body),
  update: (body: UpdateUserBody) => http.put<UserRow>('/owner/user', body),
  remove: (id: number) => http.delete<null>(`/owner/user/${id}`),
  /** false only when the server says 1106 (taken); the form shows it. Other failures leave it to the save. */
  accountFree: (account: string) =>
    http.get<boolean>('/owner/user/validator', { account }, { silent: true }).then(
      () => true,
      (error: unknown) => !(error instanceof ApiError && error.code === 1106),
    ),
};
