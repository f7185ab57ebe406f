import type { CreateUserBody, UpdateUserBody, UserListQuery, UserRow } from '@headway/server/contract';
import { ErrorCode } from '@headway/spec';
import { http } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import type { Page } from '../../../api/list';

export type { UserListQuery as UserQuery, UserRow };

export const userApi = {
  list: (q: UserListQuery) => http.get<Page<UserRow>>('/owner/user', { ...q }),
  // Saves and deletes are silent: the screen explains their failures (own-account.ts), the rest as usual.
  create: (body: CreateUserBody) => http.post<UserRow>('/owner/user', body, { silent: true }),
  update: (body: UpdateUserBody) => http.put<UserRow>('/owner/user', body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/owner/user/${id}`, { silent: true }),
  /** false only when the server says 1106 (taken); the form shows it. Other failures leave it to the save. */
  accountFree: (account: string) =>
    http.get<boolean>('/owner/user/validator', { account }, { silent: true }).then(
      () => true,
      (error: unknown) => !(error instanceof ApiError && error.code === ErrorCode.accountRegistered),
    ),
};
