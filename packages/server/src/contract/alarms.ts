import { ALARM_RULES, type AlarmRuleName, SPEED_LIMIT_MAX } from '@headway/spec';
import { type Static, Type } from 'typebox';
import { PageQuery } from './lists.ts';
import { EpochSeconds } from './time.ts';

// Alarm contract (issue 11, docs/alarms.md, docs/api.md "Alarms"): the live list, the details query, read
// handling, per-user notice preferences, the platform alarm catalogue, evidence files, and the `alarm` command
// of the live channel. Field names are the spec's (section 3 "Alarm body", "Alarm (live list)", "Alarm detail
// row", "Per-user alarm preference", "Platform alarm type", "Alarm file").

/** Spec "Alarm body": one alarm as pushed live (`{cmd: 'alarm', data: AlarmBody[]}`) and shown in the modals. */
export interface AlarmBody {
  id: number;
  alarm_key: string;
  car_id: number | null;
  car_name: string;
  route_id: number | null;
  route_name: string;
  lpn: string;
  imei: string;
  /** T/JSATL12 type of an ADAS/DSM/TPMS/BSD item; the bit of the 0x0200 alarm word; 0 for platform alarms. */
  alarm_type: number;
  /** @headway/spec ALARM_LEVELS. */
  alarm_level: number;
  /** @headway/spec alarm-catalogue code, or a company's own (group 200). */
  platform_alarm_id: number;
  /** @headway/spec DEVICE_TYPES. */
  device_type: string;
  event_time: number;
  /** null while the condition lasts. */
  end_time: number | null;
  /** km/h. */
  speed: number;
  lat: number;
  lng: number;
  /** Evidence files the terminal announced (T/JSATL12 alarm identification). */
  attached_count: number;
  /** Region alarms (enter, exit, overstay, corridor deviation): which region, so a popup can name it. */
  region_name?: string;
}

/** Spec "Alarm (live list)": GET /device/alarm/real, one row per vehicle and alarm type, unread and recent. */
export interface AlarmRealRow {
  car_id: number | null;
  car_name: string;
  route_id: number | null;
  lpn: string;
  imei: string;
  route_name: string;
  /** Unread alarms of this type for this vehicle in the window. */
  alarm_count: number;
  platform_alarm_id: number;
  alarm_type: number;
  device_type: string;
  /** The newest one's. */
  event_time: number;
  /** The newest alarm of the row (opens the alarm modal and its evidence). */
  last: AlarmBody;
}

export const AlarmRealQuery = Type.Object({
  /** Only this line's vehicles (the dialog's line filter). */
  route_id: Type.Optional(Type.Integer({ minimum: 1 })),
  /** 1: the total alone, `rows` empty (the navbar badge; a cheap count instead of the list). */
  count_only: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type AlarmRealQuery = Static<typeof AlarmRealQuery>;

export interface AlarmRealResult {
  /** Unread alarms in the window (the navbar badge). */
  total: number;
  rows: AlarmRealRow[];
}

/**
 * A nullable field as one JSON-schema type list rather than a union: the server's ajv coerces types, and in a
 * union it would turn null into 0 in a number branch (or 0 into null in the null branch) before the right branch
 * is tried. With `type: [integer, null]` null and numbers are both taken as they are.
 */
const NullableInteger = <T extends number>(options: { minimum?: number; enum?: readonly (T | null)[] }) =>
  Type.Unsafe<T | null>({ type: ['integer', 'null'], ...options });

const IdList = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 });
const CodeList = Type.Array(Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), { maxItems: 1000 });

/** POST /device/alarm/all and /device/alarm/export: `{page, limit, data: {…}}`. */
export const AlarmDetailFilter = Type.Object({
  start_time: EpochSeconds(),
  end_time: EpochSeconds(),
  route_id: Type.Optional(NullableInteger<number>({ minimum: 1 })),
  /** car_ids. */
  car_list: Type.Optional(IdList),
  /** platform_alarm_ids; empty or absent = all. */
  alarm_list: Type.Optional(CodeList),
  /** null all, 0 unread, 1 read. */
  is_readed: Type.Optional(NullableInteger<0 | 1>({ enum: [0, 1, null] })),
  /** Evidence centre: only these device types (ADAS, DSM, …). */
  device_types: Type.Optional(Type.Array(Type.String({ maxLength: 16 }), { maxItems: 16 })),
  /** Evidence centre: only this level. */
  alarm_level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
});
export type AlarmDetailFilter = Static<typeof AlarmDetailFilter>;

export const AlarmDetailQuery = Type.Intersect([PageQuery, Type.Object({ data: AlarmDetailFilter })]);
export type AlarmDetailQuery = Static<typeof AlarmDetailQuery>;

/** Spec "Alarm detail row" (with the alarm body's fields). */
export interface AlarmDetailRow extends AlarmBody {
  /** Same as platform_alarm_id (the spec's detail row names it alarm_id). */
  alarm_id: number;
  device_alarm_id: number;
  remark: string;
  /** 0 unread, 1 read. */
  is_readed: number;
  read_by_name: string;
  read_time: number | null;
  /** The report's extra items (gsm, sat, item details, the T/JSATL12 identification). */
  attached: Record<string, unknown>;
  /** Evidence files stored so far (complete ones). */
  file_count: number;
}

/** An alarm's id: a 64-bit serial on PostgreSQL, so bounded by what a JSON number holds exactly, not 32 bits. */
const AlarmId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** GET /device/alarm?id=: one alarm's detail row. */
export const AlarmIdQuery = Type.Object({ id: AlarmId });
export type AlarmIdQuery = Static<typeof AlarmIdQuery>;

/** PUT /device/alarm: unread → read only, never back. */
export const AlarmHandleBody = Type.Object({
  id_list: Type.Array(AlarmId, { minItems: 1, maxItems: 1000 }),
  is_readed: Type.Literal(1),
  remark: Type.Optional(Type.String({ maxLength: 255 })),
});
export type AlarmHandleBody = Static<typeof AlarmHandleBody>;

export const AlarmHandleResult = Type.Object({ count: Type.Integer() });
export type AlarmHandleResult = Static<typeof AlarmHandleResult>;

const OnOff = Type.Union([Type.Literal(0), Type.Literal(1)]);

/** Spec "Per-user alarm preference": notices 0 on, 1 off; is_show 1 = popup; duration seconds (0 = until closed). */
export const AlarmPreference = Type.Object({
  platform_alarm_id: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  web_notice: OnOff,
  app_notice: OnOff,
  mail_notice: OnOff,
  is_show: OnOff,
  duration: Type.Integer({ minimum: 0, maximum: 86_400 }),
});
export type AlarmPreference = Static<typeof AlarmPreference>;

/** POST /owner/user/alarm. */
export const AlarmPreferencesBody = Type.Object({ alarm_list: Type.Array(AlarmPreference, { maxItems: 2000 }) });
export type AlarmPreferencesBody = Static<typeof AlarmPreferencesBody>;

/** Spec "Platform alarm type", with the wording in the caller's language and where it comes from. */
export interface PlatformAlarmType {
  /**
   * What PUT and DELETE /basic/alarm/platform address: the type's code (= platform_alarm_id), for built-in and
   * own types alike, so a built-in one is refused by name (1004) rather than unaddressable.
   */
  id: number;
  platform_alarm_id: number;
  group_id: number;
  alarm_name: string;
  alarm_level: number;
  built_in: boolean;
  remark: string;
}

const AlarmName = Type.String({ minLength: 1, maxLength: 64 });

/** POST /basic/alarm/platform: a company's own type, in group 200 with the next free code. */
export const CreatePlatformAlarmBody = Type.Object({
  alarm_name: AlarmName,
  alarm_level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  remark: Type.Optional(Type.String({ maxLength: 255 })),
});
export type CreatePlatformAlarmBody = Static<typeof CreatePlatformAlarmBody>;

/** PUT /basic/alarm/platform: only a company's own types change; built-in ones answer 1004. */
export const UpdatePlatformAlarmBody = Type.Object({
  /** The type's code (PlatformAlarmType.id). */
  id: Type.Integer({ minimum: 1 }),
  alarm_name: AlarmName,
  alarm_level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  remark: Type.Optional(Type.String({ maxLength: 255 })),
});
export type UpdatePlatformAlarmBody = Static<typeof UpdatePlatformAlarmBody>;

/** GET /basic/alarm/platform/validator: whether the name is free (`id`: the code of the type being edited). */
export const PlatformAlarmValidatorQuery = Type.Object({
  alarm_name: AlarmName,
  id: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type PlatformAlarmValidatorQuery = Static<typeof PlatformAlarmValidatorQuery>;

/** POST /device/alarm/file/list. */
export const AlarmFileListBody = Type.Object({ alarm_key: Type.String({ minLength: 1, maxLength: 96 }) });
export type AlarmFileListBody = Static<typeof AlarmFileListBody>;

/** Spec "Alarm file": file_type 0 image, 2 video (T/JSATL12 also 1 audio, 3 text, 4 other). */
export interface AlarmFile {
  relative_path: string;
  file_type: number;
  file_name: string;
  size: number;
}

/** POST /device/alarm/file/upload: ask the vehicle to upload the alarm's evidence now (0x9208). */
export const AlarmUploadBody = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type AlarmUploadBody = Static<typeof AlarmUploadBody>;

export interface AlarmUploadResult {
  /** 'requested': 0x9208 sent and acknowledged; 'complete': every file is already here. */
  state: 'requested' | 'complete';
  /** Files still missing. */
  missing: number;
}

/** GET /device/alarm/file: one file's bytes (signed request), `relative_path` as the file list gives it. */
export const AlarmFileQuery = Type.Object({ relative_path: Type.String({ minLength: 1, maxLength: 255 }) });
export type AlarmFileQuery = Static<typeof AlarmFileQuery>;

/** GET /device/alarm/file/zip: every file of an alarm as one zip (export permission). */
export const AlarmZipQuery = Type.Object({ alarm_key: Type.String({ minLength: 1, maxLength: 96 }) });
export type AlarmZipQuery = Static<typeof AlarmZipQuery>;

/**
 * GET and PUT /basic/alarm/rules: the thresholds of the alarms the platform raises itself, stored in
 * `companies.config` under `alarm_rules`; defaults and bounds are @headway/spec ALARM_RULES.
 */
const rule = (name: AlarmRuleName) => Type.Integer({ minimum: 0, maximum: ALARM_RULES[name].max });
export const AlarmRulesBody = Type.Object({
  over_speed_kmh: rule('over_speed_kmh'),
  over_speed_seconds: rule('over_speed_seconds'),
  offline_minutes: rule('offline_minutes'),
  parking_minutes: rule('parking_minutes'),
  depot_radius_m: rule('depot_radius_m'),
});
export type AlarmRulesBody = Static<typeof AlarmRulesBody>;

/** km/h; null = inherit (the line's, then the company's `over_speed_kmh`), 0 = no limit. One type list, as NullableInteger. */
const SpeedLimit = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: SPEED_LIMIT_MAX });

/** A line of the company with its own over-speed limit. */
export interface AlarmRulesLine {
  route_id: number;
  route_code: string;
  route_name: string;
  speed_limit: number | null;
}

/** A vehicle of the company with its own over-speed limit (route_name '' when it is on no line). */
export interface AlarmRulesVehicle {
  car_id: number;
  car_name: string;
  lpn: string;
  route_name: string;
  speed_limit: number | null;
}

/** GET /basic/alarm/rules: the rules, every line, and the vehicles that have a limit of their own. */
export interface AlarmRulesResult {
  rules: AlarmRulesBody;
  lines: AlarmRulesLine[];
  vehicles: AlarmRulesVehicle[];
}

/** GET /basic/alarm/rules/vehicles: the company's vehicles whose name or plate contains `search` (at most 20). */
export const AlarmRulesVehicleQuery = Type.Object({ search: Type.Optional(Type.String({ maxLength: 64 })) });
export type AlarmRulesVehicleQuery = Static<typeof AlarmRulesVehicleQuery>;

/** PUT /basic/alarm/speed-limit: one line's or vehicle's limit; answers the changed row. */
export const SpeedLimitBody = Type.Object({
  kind: Type.Union([Type.Literal('line'), Type.Literal('vehicle')]),
  /** route_id of a line, car_id of a vehicle. */
  id: Type.Integer({ minimum: 1 }),
  speed_limit: SpeedLimit,
});
export type SpeedLimitBody = Static<typeof SpeedLimitBody>;
