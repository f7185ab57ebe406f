import { type Static, Type } from 'typebox';
import { PageQuery } from './lists.ts';

export const OnlineSession = Type.Object({
  session_id: Type.Integer(),
  user_id: Type.Integer(),
  account: Type.String(),
  user_name: Type.String(),
  role_name: Type.String(),
  login_time: Type.Integer(),
  last_active_time: Type.Integer(),
  ip: Type.String(),
  client_agent: Type.String(),
});
export type OnlineSession = Static<typeof OnlineSession>;

export const OnlineQuery = Type.Intersect([
  PageQuery,
  Type.Object({ search: Type.Optional(Type.String({ maxLength: 64 })) }),
]);
export type OnlineQuery = Static<typeof OnlineQuery>;

/** One of the two: end one session, or every session of a user. */
export const OfflineBody = Type.Union([
  Type.Object({ session_id: Type.Integer() }),
  Type.Object({ user_id: Type.Integer() }),
]);
export type OfflineBody = Static<typeof OfflineBody>;

export const OfflineResult = Type.Object({ count: Type.Integer() });
export type OfflineResult = Static<typeof OfflineResult>;
