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
  line_map_type: Type.Union([Type.Literal(0), Type.Literal(1)]),
  line_map_column_count: Type.Union([Type.Literal(1), Type.Literal(2)]),
  line_map_departure_timetable: Type.Union([Type.Literal('card'), Type.Literal('table')]),
  vehicle_expire_reminder: Type.Boolean(),
  insurance_reminder: Type.Boolean(),
  alarm_sound: Type.Union([Type.Literal('alarm.mp3'), Type.Literal('maonv.mp3'), Type.Literal('police.wav')]),
  hide_attendant: Type.Boolean(),
  hide_non_operational: Type.Boolean(),
  hide_dispatch_abnormal: Type.Boolean(),
  /** Console display settings (spec "Settings"); kept server-side so they follow the user between browsers. */
  settings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type UserConfig = Static<typeof UserConfig>;

export const DEFAULT_USER_CONFIG: UserConfig = {
  line_map_type: 0,
  line_map_column_count: 1,
  line_map_departure_timetable: 'card',
  vehicle_expire_reminder: true,
  insurance_reminder: true,
  alarm_sound: 'alarm.mp3',
  hide_attendant: false,
  hide_non_operational: false,
  hide_dispatch_abnormal: false,
  settings: {},
};

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
