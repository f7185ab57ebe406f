import {
  ALARM_SOUNDS,
  DEFAULT_USER_CONFIG,
  DEPARTURE_TIMETABLE_VIEWS,
  LINE_MAP_COLUMN_COUNTS,
  LINE_MAP_TYPES,
  type UserConfig as SpecUserConfig,
} from '@headway/spec';
import { type Static, Type } from 'typebox';

export const LoginBody = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 64 }),
  /** Lowercase hex MD5 of the password, computed in the browser. */
  password: Type.String({ pattern: '^[0-9a-f]{32}$' }),
  verify_code: Type.Optional(Type.String({ maxLength: 16 })),
  time: Type.Optional(Type.Integer()),
  build: Type.Optional(Type.String({ maxLength: 64 })),
  union_id: Type.Optional(Type.String({ maxLength: 128 })),
});
export type LoginBody = Static<typeof LoginBody>;

export const UserConfig = Type.Object({
  line_map_type: Type.Enum(LINE_MAP_TYPES),
  line_map_column_count: Type.Enum(LINE_MAP_COLUMN_COUNTS),
  line_map_departure_timetable: Type.Enum(DEPARTURE_TIMETABLE_VIEWS),
  vehicle_expire_reminder: Type.Boolean(),
  insurance_reminder: Type.Boolean(),
  alarm_sound: Type.Enum(ALARM_SOUNDS),
  hide_attendant: Type.Boolean(),
  hide_non_operational: Type.Boolean(),
  hide_dispatch_abnormal: Type.Boolean(),
  /** Console display settings (spec "Settings"); kept server-side so they follow the user between browsers. */
  settings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type UserConfig = Static<typeof UserConfig>;

// The defaults and the choices are @headway/spec's (user-config.ts); the schema must accept exactly its type.
export { DEFAULT_USER_CONFIG };

true satisfies SameType<UserConfig, SpecUserConfig>;
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const CompanyConfig = Type.Object({
  /** Minutes a multi-vehicle or route track search may span; 0 or less means no limit. */
  multiple_search_limit: Type.Integer(),
});
export type CompanyConfig = Static<typeof CompanyConfig>;

export const UserInfo = Type.Object({
  user_id: Type.Integer(),
  account: Type.String(),
  user_name: Type.String(),
  img_url: Type.String(),
  company_id: Type.Integer(),
  company_name: Type.String(),
  company_title: Type.String(),
  company_logo: Type.String(),
  email: Type.String(),
  remark: Type.String(),
  role_id: Type.Integer(),
  role_flag: Type.String(),
  role_name: Type.String(),
  editable_days: Type.Integer(),
  company_config: CompanyConfig,
  user_config: UserConfig,
});
export type UserInfo = Static<typeof UserInfo>;

export const LoginResult = Type.Intersect([UserInfo, Type.Object({ uuid: Type.String(), token: Type.String() })]);
export type LoginResult = Static<typeof LoginResult>;

export interface Envelope<T> {
  code: number;
  msg: string;
  result: T;
}

/** GET /login/wechat: `password` is a one-time login ticket when the union_id is bound, else empty. */
export const WechatLoginResult = Type.Object({
  account: Type.String(),
  password: Type.String(),
  union_id: Type.String(),
});
export type WechatLoginResult = Static<typeof WechatLoginResult>;

/** Names of the signed-request headers (docs/api.md "Signed requests"). */
export const SIGNATURE_HEADERS = {
  clientAgent: 'client-agent',
  token: 'token',
  timestamp: 'timestamp',
  signature: 'signature',
} as const;
