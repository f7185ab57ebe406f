import type {
  ConsoleListQuery,
  ConsoleRouteChoice,
  ConsoleRow,
  ConsoleUserChoice,
  CreateConsoleBody,
  UpdateConsoleBody,
} from '@headway/server/contract';
import { ErrorCode } from '@headway/spec';
import { http } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import type { Page } from '../../../api/list';

export type { ConsoleListQuery as ConsoleQuery, ConsoleRouteChoice, ConsoleRow, ConsoleUserChoice };

export const consoleApi = {
  list: (q: ConsoleListQuery) => http.get<Page<ConsoleRow>>('/owner/console', { ...q }),
  create: (body: CreateConsoleBody) => http.post<ConsoleRow>('/owner/console', body),
  update: (body: UpdateConsoleBody) => http.put<ConsoleRow>('/owner/console', body),
  remove: (id: number) => http.delete<null>(`/owner/console/${id}`),
  /** The company's lines (unchecked): the choices of the dialog. */
  lines: () => http.get<ConsoleRouteChoice[]>('/owner/console/route'),
  /** The company's users (unchecked). */
  users: () => http.get<ConsoleUserChoice[]>('/owner/console/user'),
  /** false only when the server says the name is taken (1004 on console_name); other failures leave it to the save. */
  nameFree: (console_name: string, console_id?: number) =>
    http.get<boolean>('/owner/console/validator', { console_name, console_id }, { silent: true }).then(
      () => true,
      (error: unknown) =>
        !(
          error instanceof ApiError &&
          error.code === ErrorCode.parameter &&
          (error.result as { field?: string } | null)?.field === 'console_name'
        ),
    ),
};
