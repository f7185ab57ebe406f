import { type Static, Type } from 'typebox';
import { EpochSeconds } from './time.ts';

// The video calls (docs/api.md "Video"): GET with the payload as JSON under `data`, like the other /jtt1078/* calls.

const Imei = Type.String({ minLength: 1, maxLength: 32 });
/** A logical channel (JT/T 1078 table 2): 1–255; 0 is "all" where a call says so. */
const Channel = Type.Integer({ minimum: 1, maximum: 255 });
const Bit = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Range = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum });

/** /jtt1078/live/play and /play2. */
export const LivePlayData = Type.Object({
  imei: Imei,
  count: Type.Optional(Range(0, 64)),
  chns: Type.Array(Type.Object({ chn: Channel, audio: Type.Optional(Bit), stream: Type.Optional(Bit) }), {
    minItems: 1,
    maxItems: 64,
  }),
});
export type LivePlayData = Static<typeof LivePlayData>;

export interface LivePlayRow {
  chn: number;
  stream: number;
  audio: number;
  /** HTTP-FLV: a path on this server, or an absolute URL on the node holding the stream. */
  http: string;
  /** WebSocket-FLV (the same path over ws:/wss:). */
  ws: string;
  /** The channel's audio as 8 kHz Int16LE mono PCM over a WebSocket; null when audio was not asked for. */
  pcm: string | null;
  /** Epoch seconds after which the URLs no longer open (an open stream keeps playing). */
  expires_at: number;
}

/** /jtt1078/live/control: 0 close (the caller's viewing), 1 switch stream (param 0 main / 1 sub), 2 pause, 3 resume, 4 close talk. */
export const LiveControlData = Type.Object({
  imei: Imei,
  count: Type.Optional(Range(0, 64)),
  chns: Type.Array(Type.Object({ chn: Channel, control: Range(0, 4), param: Type.Optional(Range(0, 255)) }), {
    minItems: 1,
    maxItems: 64,
  }),
});
export type LiveControlData = Static<typeof LiveControlData>;

export interface LiveControlRow {
  chn: number;
  /** 0 done; otherwise the terminal's 0x0001 result byte (1 failed, 2 bad message, 3 unsupported). */
  result: number;
}

/** /jtt1078/live/flip: flip 0 none, 1 horizontal, 2 vertical, 3 both. */
export const FlipData = Type.Object({
  imei: Imei,
  chn: Channel,
  control: Type.Optional(Type.Literal(0)),
  status: Type.Optional(Type.Literal(0)),
  flip: Range(0, 3),
});
export type FlipData = Static<typeof FlipData>;

/** /jtt1078/record/list (0x9205 → 0x1205). Times in epoch seconds; 0 is "no bound". */
export const RecordListData = Type.Object({
  imei: Imei,
  chn: Range(0, 255),
  start_time: EpochSeconds(),
  end_time: EpochSeconds(),
  /** The 64-bit alarm filter as a decimal string (JSON numbers lose bits past 2^53). */
  alarm: Type.Optional(Type.String({ pattern: '^[0-9]{1,20}$' })),
  av_type: Range(0, 3),
  stream: Range(0, 2),
  storage: Range(0, 2),
});
export type RecordListData = Static<typeof RecordListData>;

export interface RecordRow {
  chn: number;
  start_time: number;
  end_time: number;
  /** 64-bit alarm flags as a decimal string. */
  alarm: string;
  av_type: number;
  stream: number;
  storage: number;
  /** Bytes. */
  size: number;
}

/** /jtt1078/record/play (0x9201). */
export const RecordPlayData = Type.Object({
  imei: Imei,
  chn: Channel,
  av_type: Range(0, 3),
  stream: Range(0, 2),
  storage: Range(0, 2),
  mode: Range(0, 4),
  speed: Range(0, 5),
  start_time: EpochSeconds(),
  end_time: EpochSeconds(),
});
export type RecordPlayData = Static<typeof RecordPlayData>;

export interface RecordPlayResult {
  http: string;
  ws: string;
  pcm: string | null;
  expires_at: number;
}

/** /jtt1078/record/control (0x9202): 0 play, 1 pause, 2 stop, 3 fast forward, 4 key-frame rewind, 5 seek to `time`. */
export const RecordControlData = Type.Object({
  imei: Imei,
  chn: Channel,
  control: Range(0, 5),
  speed: Type.Optional(Range(0, 5)),
  time: Type.Optional(EpochSeconds()),
});
export type RecordControlData = Static<typeof RecordControlData>;

/** /jtt1078/talk/play and /talk/stop. */
export const TalkData = Type.Object({ imei: Imei, chn: Channel });
export type TalkData = Static<typeof TalkData>;

export interface TalkPlayResult {
  system_av_rtp: { talk_web_socket: string };
}

// Answers as the console reads them (issue 16 console): the `result` of the calls above.

/** /jtt1078/live/play, /play2: empty rows is "reqLiveVideo -> no service". */
export interface LivePlayResult {
  rows: LivePlayRow[];
}

/** /jtt1078/live/control. */
export interface LiveControlResult {
  rows: LiveControlRow[];
}

/** /jtt1078/record/list. */
export interface RecordListResult {
  rows: RecordRow[];
}
