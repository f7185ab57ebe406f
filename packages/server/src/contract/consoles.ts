import { type Static, Type } from 'typebox';
import { PageQuery } from './lists.ts';

// Dispatch consoles (spec: "Console: console_id, console_name"; "A console (dispatch station) is assigned routes
// and users"). A user assigned to a console sees only the vehicles of its lines (docs/decisions.md "Consoles").

const ConsoleName = Type.String({ minLength: 1, maxLength: 64 });
const Remark = Type.String({ maxLength: 255 });
/** Whole sets: an assignment call replaces what the console had. */
const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 2000 });

export const ConsoleLine = Type.Object({
  route_id: Type.Integer(),
  route_code: Type.String(),
  route_name: Type.String(),
});
export type ConsoleLine = Static<typeof ConsoleLine>;

export const ConsoleUser = Type.Object({
  user_id: Type.Integer(),
  account: Type.String(),
  user_name: Type.String(),
});
export type ConsoleUser = Static<typeof ConsoleUser>;

export const ConsoleRow = Type.Object({
  console_id: Type.Integer(),
  console_name: Type.String(),
  remark: Type.String(),
  create_time: Type.Integer(),
  routes: Type.Array(ConsoleLine),
  users: Type.Array(ConsoleUser),
});
export type ConsoleRow = Static<typeof ConsoleRow>;

export const ConsoleListQuery = Type.Intersect([
  PageQuery,
  Type.Object({ search: Type.Optional(Type.String({ maxLength: 64 })) }),
]);
export type ConsoleListQuery = Static<typeof ConsoleListQuery>;

export const CreateConsoleBody = Type.Object({
  console_name: ConsoleName,
  remark: Type.Optional(Remark),
  /** Optional: the lines and users to assign at once (else use /owner/console/route and /user). */
  route_ids: Type.Optional(Ids),
  user_ids: Type.Optional(Ids),
});
export type CreateConsoleBody = Static<typeof CreateConsoleBody>;

export const UpdateConsoleBody = Type.Object({
  console_id: Type.Integer(),
  console_name: ConsoleName,
  remark: Type.Optional(Remark),
  /** Present: replaces the console's lines / users; absent: leaves them. */
  route_ids: Type.Optional(Ids),
  user_ids: Type.Optional(Ids),
});
export type UpdateConsoleBody = Static<typeof UpdateConsoleBody>;

/** `console_id` names the console being edited, whose own name does not count as taken. */
export const ConsoleValidatorQuery = Type.Object({
  console_name: ConsoleName,
  console_id: Type.Optional(Type.Integer()),
});
export type ConsoleValidatorQuery = Static<typeof ConsoleValidatorQuery>;

/** Without `console_id` every choice comes unchecked (a console being created). */
export const ConsoleAssignmentQuery = Type.Object({ console_id: Type.Optional(Type.Integer()) });
export type ConsoleAssignmentQuery = Static<typeof ConsoleAssignmentQuery>;

/** The company's lines, `is_checked` 1 for those of the console (spec "route way flags is_checked"). */
export const ConsoleRouteChoice = Type.Intersect([ConsoleLine, Type.Object({ is_checked: Type.Integer() })]);
export type ConsoleRouteChoice = Static<typeof ConsoleRouteChoice>;

export const ConsoleUserChoice = Type.Intersect([ConsoleUser, Type.Object({ is_checked: Type.Integer() })]);
export type ConsoleUserChoice = Static<typeof ConsoleUserChoice>;

export const ConsoleRoutesBody = Type.Object({ console_id: Type.Integer(), route_ids: Ids });
export type ConsoleRoutesBody = Static<typeof ConsoleRoutesBody>;

export const ConsoleUsersBody = Type.Object({ console_id: Type.Integer(), user_ids: Ids });
export type ConsoleUsersBody = Static<typeof ConsoleUsersBody>;
