import type { CreateConsoleBody, UpdateConsoleBody } from '@headway/server/contract';
import type { ConsoleRouteChoice, ConsoleRow, ConsoleUserChoice } from '../api';

/** What the console dialog edits. */
export interface ConsoleFormValues {
  console_name: string;
  remark?: string;
  route_ids?: number[];
  user_ids?: number[];
}

export function formValuesOf(row: ConsoleRow | null): ConsoleFormValues {
  return {
    console_name: row?.console_name ?? '',
    remark: row?.remark ?? '',
    route_ids: row?.routes.map((r) => r.route_id) ?? [],
    user_ids: row?.users.map((u) => u.user_id) ?? [],
  };
}

/** The create or update call's body: one save sends the name and the whole sets of lines and users. */
export function consoleBody(
  values: ConsoleFormValues,
  editing: ConsoleRow | null,
): CreateConsoleBody | UpdateConsoleBody {
  const body = {
    console_name: values.console_name.trim(),
    remark: (values.remark ?? '').trim(),
    route_ids: values.route_ids ?? [],
    user_ids: values.user_ids ?? [],
  };
  return editing ? { ...body, console_id: editing.console_id } : body;
}

/** Lines as "code · name" (the name alone when it repeats the code), in the server's order. */
export function lineOptions(lines: readonly ConsoleRouteChoice[]): { value: number; label: string }[] {
  return lines.map((l) => ({
    value: l.route_id,
    label: !l.route_name || l.route_name === l.route_code ? l.route_code : `${l.route_code} · ${l.route_name}`,
  }));
}

export function userOptions(users: readonly ConsoleUserChoice[]): { value: number; label: string }[] {
  return users.map((u) => ({
    value: u.user_id,
    label: u.user_name && u.user_name !== u.account ? `${u.user_name} (${u.account})` : u.account,
  }));
}
