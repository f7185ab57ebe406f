import {
  type CommandState,
  MESSAGE_MAX_VEHICLES,
  type MessageTarget,
  QUEUE_MAX_HOURS,
  SNAPSHOT_RANGES,
} from '@headway/spec';
import { type Static, Type } from 'typebox';
import { PageQuery } from './lists.ts';
import { EpochSeconds } from './time.ts';

// Messages and device commands (issue 13, docs/commands.md, docs/api.md "Messages and commands"). Field names are
// the spec's (section 3 "Dispatch message history", "Device attributes", "Audio/video capability", "Snapshot",
// "Device parameter", "Change-route form"; section 7 "Dispatch and device commands"). The /jtt1078/* calls are
// GET with the payload as JSON in the `data` query parameter (spec: "GET with payload under data").

/** Beyond the spec: keep the command for an offline terminal (delivered when it reconnects) for this long. */
export const QueueOption = Type.Object({
  expire_hours: Type.Integer({ minimum: 1, maximum: QUEUE_MAX_HOURS }),
});
export type QueueOption = Static<typeof QueueOption>;

/** POST /dispatch/send-msg. `car_list` holds car ids (the vehicle tree's vehicle gids without their `c`). */
export const SendMessageBody = Type.Object({
  car_list: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: MESSAGE_MAX_VEHICLES }),
  /** Trimmed; at most 1024 bytes once GBK-encoded (1004 beyond). */
  msg: Type.String({ minLength: 1, maxLength: 1024 }),
  /** The client's id of this send: the replies are looked up by it (message log `data`). */
  uuid: Type.String({ minLength: 1, maxLength: 64 }),
  /** 0x8300 flag bits to set (TEXT_FLAG_BITS); default [2, 3]. */
  flag: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 7 }), { maxItems: 8 })),
  target: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('ITS'), Type.Literal('DVR')])),
  queue: Type.Optional(QueueOption),
});
export type SendMessageBody = Static<typeof SendMessageBody>;

/** One vehicle's outcome of a send. */
export interface SendMessageRow {
  car_id: number;
  car_name: string;
  /** The message log row. */
  id: number;
  send_state: CommandState;
}

export interface SendMessageResult {
  /** Vehicles the text went out to now (send_state 1 or 2). */
  send_count: number;
  /** Of those, how many terminals acknowledged already (0x0001 result 0). */
  reply_count: number;
  /** Kept for offline terminals (queue option). */
  queued_count: number;
  rows: SendMessageRow[];
}

/** GET /logs/message (also POST with the same fields in the body). */
export const MessageLogQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    /** The send's uuid (spec: "Message log query {data: uuid, …}"). */
    data: Type.Optional(Type.String({ maxLength: 64 })),
    account: Type.Optional(Type.String({ maxLength: 64 })),
    car_id: Type.Optional(Type.Integer({ minimum: 1 })),
    send_state: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
    start_time: EpochSeconds(),
    end_time: EpochSeconds(),
  }),
]);
export type MessageLogQuery = Static<typeof MessageLogQuery>;

/** Spec "Dispatch message history" plus what the log screen shows. */
export interface MessageLogRow {
  id: number;
  uuid: string;
  car_id: number;
  car_name: string;
  msg: string;
  /** The 0x8300 flag byte sent. */
  flag: number;
  target: MessageTarget;
  account: string;
  send_time: number;
  send_state: CommandState;
  /** When the terminal acknowledged (or the driver answered). */
  reply_time: number | null;
  /** The driver's text answer, when one came (0x6006). */
  reply_msg: string;
  /** Queued rows: when they stop waiting. */
  expire_time: number | null;
}

/** GET /logs/dispatch (also POST). */
export const DispatchLogQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    car_id: Type.Optional(Type.Integer({ minimum: 1 })),
    account: Type.Optional(Type.String({ maxLength: 64 })),
    /** The command's message id, e.g. 33027 (0x8103). */
    command: Type.Optional(Type.Integer({ minimum: 0, maximum: 0xffff })),
    state: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
    start_time: EpochSeconds(),
    end_time: EpochSeconds(),
  }),
]);
export type DispatchLogQuery = Static<typeof DispatchLogQuery>;

/**
 * The dispatch log's `action` words for the device commands (commands/device): the attribute and capability
 * reads, parameter read and write, reboot, log upload, snapshot and change route (logged as command 0).
 */
export type { DispatchAction } from '@headway/spec';

export interface DispatchLogRow {
  id: number;
  car_id: number | null;
  car_name: string;
  imei: string;
  account: string;
  /** The message id sent (0x8103 → 33027). */
  command: number;
  /** What was asked, in words the log screen shows: `params`, `snapshot`, `reboot`, `change-route`, … */
  action: string;
  /** The request as JSON text (parameter ids and values, snapshot settings…). */
  request: string;
  state: CommandState;
  /** The terminal's result byte (0x0001 / 0x0805), or the platform code (1101) when it did not answer. */
  result: number | null;
  send_time: number;
  reply_time: number | null;
  expire_time: number | null;
}

/** The `data` of GET /jtt1078/property/av, /property/dev, /reboot, /log. */
export const TerminalTarget = Type.Object({
  imei: Type.String({ minLength: 1, maxLength: 32 }),
  target: Type.Optional(Type.String({ maxLength: 16 })),
});
export type TerminalTarget = Static<typeof TerminalTarget>;

/** GET /jtt1078/property/av: 0x1003 (spec "Audio/video capability"; codes in @headway/spec av-codes.ts). */
export interface AvCapability {
  audio_encode: number;
  audio_channel: number;
  audio_sampling: number;
  audio_sampling_bit: number;
  frame_length: number;
  audio_output: number;
  video_encode: number;
  max_audio: number;
  max_video: number;
}

/** GET /jtt1078/property/dev: 0x0107 (spec "Device attributes"; bits in @headway/spec terminal-attribute-bits.ts). */
export interface DeviceAttributes {
  devtype: number;
  producer: string;
  firmware: string;
  devmodel: string;
  devgid: string;
  iccid: string;
  hardware: string;
  gnss: number;
  cn: number;
}

/** GET /jtt1078/param/qry: without `params` (or empty) every parameter (0x8104), else those ids (0x8106). */
export const ParamQueryData = Type.Object({
  imei: Type.String({ minLength: 1, maxLength: 32 }),
  params: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 0xffffffff }), { maxItems: 256 })),
  target: Type.Optional(Type.String({ maxLength: 16 })),
});
export type ParamQueryData = Static<typeof ParamQueryData>;

/** A parameter as the terminal holds it: numbers for BYTE/WORD/DWORD ids, text for STRING, hex for raw bytes. */
export interface ParamValueRow {
  id: number;
  value: number | string;
}

export interface ParamQueryResult {
  params: ParamValueRow[];
}

/**
 * GET /jtt1078/param/set. Values as sent to the terminal (ids 91 and 128 already ×10); the server checks each
 * against the spec's rule for its id and the standard's type (1004 with the id on failure).
 */
export const ParamSetData = Type.Object({
  imei: Type.String({ minLength: 1, maxLength: 32 }),
  target: Type.Optional(Type.String({ maxLength: 16 })),
  params: Type.Array(
    Type.Object({
      id: Type.Integer({ minimum: 0, maximum: 0xffffffff }),
      value: Type.Union([Type.Number(), Type.String({ maxLength: 255 })]),
    }),
    { minItems: 1, maxItems: 64 },
  ),
  queue: Type.Optional(QueueOption),
});
export type ParamSetData = Static<typeof ParamSetData>;

/** What a write (or any settings command) did: sent and acknowledged (2), or queued (0). */
export interface CommandOutcome {
  /** The dispatch log row. */
  id: number;
  state: CommandState;
}

/** A spec range as JSON-schema bounds (`min`/`max` are not schema keywords: they would bound nothing). */
const inRange = (range: { min: number; max: number }) => ({ minimum: range.min, maximum: range.max });

/** GET /jtt1078/media/snap (spec "Media snapshot"): 0x8801, answered by 0x0805 and the picture as 0x0801. */
export const SnapshotData = Type.Object({
  imei: Type.String({ minLength: 1, maxLength: 32 }),
  chn: Type.Integer(inRange(SNAPSHOT_RANGES.channel)),
  /** Photos to take (0x8801 command word); the console sends 1. */
  cmd: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
  interval: Type.Optional(Type.Integer({ minimum: 0, maximum: 0xffff })),
  /** 0 upload now (the only one the platform waits for), 1 store on the terminal. */
  flag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  resolution: Type.Integer({ minimum: 1, maximum: 8 }),
  quality: Type.Integer(inRange(SNAPSHOT_RANGES.quality)),
  light: Type.Optional(Type.Integer(inRange(SNAPSHOT_RANGES.brightness))),
  contrast: Type.Optional(Type.Integer(inRange(SNAPSHOT_RANGES.contrast))),
  saturation: Type.Optional(Type.Integer(inRange(SNAPSHOT_RANGES.saturation))),
  shades: Type.Optional(Type.Integer(inRange(SNAPSHOT_RANGES.shades))),
});
export type SnapshotData = Static<typeof SnapshotData>;

/** Spec "Snapshot": img_url is an API path; the console fetches it signed (GET, JPEG bytes). */
export interface SnapshotRow {
  id: number;
  img_url: string;
  car_id: number | null;
  car_name: string;
  chn: number;
  snap_time: number;
  width: number | null;
  height: number | null;
  size: number;
}

export interface SnapshotResult {
  rows: SnapshotRow[];
}

/** GET /device/snapshot: a vehicle's (or the company's) snapshots, newest first. */
export const SnapshotListQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    car_id: Type.Optional(Type.Integer({ minimum: 1 })),
    start_time: Type.Optional(EpochSeconds()),
    end_time: Type.Optional(EpochSeconds()),
  }),
]);
export type SnapshotListQuery = Static<typeof SnapshotListQuery>;

/** POST /dispatch/change-route (spec "Change route {car_id, route_id, type, route_code, attr}"). */
export const ChangeRouteBody = Type.Object({
  car_id: Type.Integer({ minimum: 1 }),
  route_id: Type.Integer({ minimum: 1 }),
  /** 1 up, 2 down (direction synced), 3 not synced, 128 out of service (CHANGE_ROUTE_TYPES). */
  type: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(128)]),
  route_code: Type.Optional(Type.String({ maxLength: 64 })),
  /** Remark (spec: attr). */
  attr: Type.Optional(Type.String({ maxLength: 255 })),
});
export type ChangeRouteBody = Static<typeof ChangeRouteBody>;

/** What POST /dispatch/change-route did: the vehicle's binding now (in_service 0 after type 128). */
export interface ChangeRouteResult {
  car_id: number;
  route_id: number;
  route_code: string;
  in_service: 0 | 1;
}

/** POST /dispatch/reboot {imei} (as GET /jtt1078/reboot). */
export const RebootBody = TerminalTarget;

/** GET /system/snippet → {rows}; POST {snippet} → the row; DELETE /system/snippet/{id}. */
export const SnippetBody = Type.Object({ snippet: Type.String({ minLength: 1, maxLength: 1024 }) });
export type SnippetBody = Static<typeof SnippetBody>;

export interface SnippetRow {
  id: number;
  company_id: number;
  snippet: string;
}
