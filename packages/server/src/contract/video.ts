import { type Static, Type } from 'typebox';
import { EpochSeconds } from './time.ts';

// Live video, recorded video and two-way talk (issue 16, docs/media.md, docs/api.md "Video and talk"). Field names
// are the spec's (section 7 "Talk open", "Live video lookup", "live control", "device flip"; "Terminal/video":
// /jtt1078/live/*, /record/*, /talk/*). Like every /jtt1078 call they are GET with the payload as JSON in the
// `data` query parameter, answered in the envelope {code, msg, result}. URLs in answers are paths on the console's
// own origin (or absolute), signed and short-lived; the console never builds one itself.

const Imei = () => Type.String({ minLength: 1, maxLength: 32 });
/** JT/T 1078 logical channel (table 2): 1–37 cameras and microphones; 0 means "all" where the spec allows it. */
const Channel = () => Type.Integer({ minimum: 1, maximum: 37 });

/** 0 main stream, 1 sub stream. */
export type StreamType = 0 | 1;

/** GET /jtt1078/live/play and /play2 (spec "Live video lookup {imei, count, chns[{chn, audio 0/1, stream 0/1}]}"). */
export const LivePlayData = Type.Object({
  imei: Imei(),
  count: Type.Integer({ minimum: 1, maximum: 36 }),
  chns: Type.Array(
    Type.Object({
      chn: Channel(),
      audio: Type.Union([Type.Literal(0), Type.Literal(1)]),
      stream: Type.Union([Type.Literal(0), Type.Literal(1)]),
    }),
    { minItems: 1, maxItems: 36 },
  ),
});
export type LivePlayData = Static<typeof LivePlayData>;

/** One playable channel. `http` is an HTTP-FLV source, `ws` the same as WebSocket-FLV. */
export interface LivePlayRow {
  chn: number;
  stream: StreamType;
  audio: 0 | 1;
  http: string;
  ws: string;
  /** WebSocket of the channel's audio as binary Int16LE 8 kHz mono PCM frames; null without audio. */
  pcm: string | null;
  /** When the signed URLs stop being accepted (epoch seconds). */
  expires_at: number;
}

/** Empty rows: the terminal did not answer or no media server took the stream ("reqLiveVideo -> no service"). */
export interface LivePlayResult {
  rows: LivePlayRow[];
}

/** GET /jtt1078/live/control (spec "live control {imei, count, chns[{chn, control, param}]}"). */
export const LiveControlData = Type.Object({
  imei: Imei(),
  count: Type.Integer({ minimum: 1, maximum: 36 }),
  chns: Type.Array(
    Type.Object({
      chn: Channel(),
      /** @headway/spec LIVE_CONTROL: 0 close, 1 switch stream, 2 pause, 3 resume, 4 close talk. */
      control: Type.Integer({ minimum: 0, maximum: 4 }),
      /** For control 1: 0 main, 1 sub stream; otherwise 0. */
      param: Type.Integer({ minimum: 0, maximum: 1 }),
    }),
    { minItems: 1, maxItems: 36 },
  ),
});
export type LiveControlData = Static<typeof LiveControlData>;

/** GET /jtt1078/live/flip (spec "device flip {imei, chn, control 0, status 0, flip 0-3}"). */
export const LiveFlipData = Type.Object({
  imei: Imei(),
  chn: Channel(),
  control: Type.Literal(0),
  status: Type.Literal(0),
  /** 0 none, 1 horizontal, 2 vertical, 3 both. */
  flip: Type.Integer({ minimum: 0, maximum: 3 }),
});
export type LiveFlipData = Static<typeof LiveFlipData>;

/** 0 audio and video, 1 audio, 2 video, 3 audio or video (JT/T 1078 table 19). */
export type AvType = 0 | 1 | 2 | 3;
/** 0 all, 1 main, 2 sub. */
export type RecordStream = 0 | 1 | 2;
/** 0 all, 1 main storage, 2 disaster-recovery storage. */
export type RecordStorage = 0 | 1 | 2;

/** GET /jtt1078/record/list (0x9205 → 0x1205; 60 s time-out). */
export const RecordListData = Type.Object({
  imei: Imei(),
  /** 0 every channel. */
  chn: Type.Integer({ minimum: 0, maximum: 37 }),
  start_time: EpochSeconds(),
  end_time: EpochSeconds(),
  /** 64-bit alarm flags as a decimal string or number; absent or 0: any. */
  alarm: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^[0-9]{1,20}$' })])),
  av_type: Type.Integer({ minimum: 0, maximum: 3 }),
  stream: Type.Integer({ minimum: 0, maximum: 2 }),
  storage: Type.Integer({ minimum: 0, maximum: 2 }),
});
export type RecordListData = Static<typeof RecordListData>;

export interface RecordRow {
  chn: number;
  start_time: number;
  end_time: number;
  /** The 64-bit alarm flags, as a decimal string (beyond 2^53). */
  alarm: string;
  av_type: AvType;
  stream: 1 | 2;
  storage: 1 | 2;
  /** Bytes. */
  size: number;
}

export interface RecordListResult {
  rows: RecordRow[];
}

/** GET /jtt1078/record/play (0x9201). */
export const RecordPlayData = Type.Object({
  imei: Imei(),
  chn: Channel(),
  av_type: Type.Integer({ minimum: 0, maximum: 3 }),
  stream: Type.Integer({ minimum: 0, maximum: 2 }),
  storage: Type.Integer({ minimum: 0, maximum: 2 }),
  /** @headway/spec RECORD_PLAY_MODES. */
  mode: Type.Integer({ minimum: 0, maximum: 4 }),
  speed: Type.Integer({ minimum: 0, maximum: 5 }),
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

/** GET /jtt1078/record/control (0x9202). */
export const RecordControlData = Type.Object({
  imei: Imei(),
  chn: Channel(),
  /** @headway/spec RECORD_CONTROL. */
  control: Type.Integer({ minimum: 0, maximum: 5 }),
  /** For fast forward / rewind: @headway/spec RECORD_SPEED_FACTORS' code; otherwise 0. */
  speed: Type.Integer({ minimum: 0, maximum: 5 }),
  /** For drag: the position (epoch seconds); otherwise 0. */
  time: EpochSeconds(),
});
export type RecordControlData = Static<typeof RecordControlData>;

/** GET /jtt1078/talk/play (spec "Talk open {imei, chn 1}"). */
export const TalkPlayData = Type.Object({
  imei: Imei(),
  chn: Channel(),
});
export type TalkPlayData = Static<typeof TalkPlayData>;

/** The spec's answer shape: a missing `talk_web_socket` is "wss url is null". */
export interface TalkPlayResult {
  system_av_rtp: { talk_web_socket?: string | null };
}

/** GET /jtt1078/talk/stop. */
export const TalkStopData = TalkPlayData;
export type TalkStopData = TalkPlayData;

/** Text frames on the talk WebSocket (binary frames are audio: G.711A up, Int16LE 8 kHz PCM down). */
export type TalkSocketState = 'connected' | 'talking' | 'busy' | 'disconnected' | 'timeout';
export interface TalkSocketMessage {
  state: TalkSocketState;
}
