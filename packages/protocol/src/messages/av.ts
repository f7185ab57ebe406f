/**
 * JT/T 1078-2016 audio/video signalling on the 808 link: capability, live video, playback, resource lists and
 * FTP upload (tables 11–35; reference §9). Media itself travels as stream packets (see rtp/).
 */
import type { LocalTime } from '../codec/bcd.ts';
import type { Reader, Writer } from '../codec/bytes.ts';
import { defineCodec, emptyCodec } from './codec.ts';

/** 0x1003 audio/video capability. Codec numbers per table 12 (6 G.711A, 8 G.726, 98 H.264, 99 H.265, …). */
export interface AvCapabilities {
  audioCodec: number;
  audioChannels: number;
  /** 0 8 kHz, 1 22.05, 2 44.1, 3 48. */
  audioSampleRate: number;
  /** 0 8 bit, 1 16, 2 32. */
  audioSampleBits: number;
  audioFrameLength: number;
  /** 0 no, 1 yes. */
  audioOutput: number;
  videoCodec: number;
  maxAudioChannels: number;
  maxVideoChannels: number;
}

/** 0x9101 real-time audio/video request. */
export interface LiveVideoRequest {
  ip: string;
  tcpPort: number;
  udpPort: number;
  channel: number;
  /** 0 audio+video, 1 video, 2 two-way talk, 3 listen, 4 broadcast, 5 transparent. */
  dataType: number;
  /** 0 main, 1 sub. */
  streamType: number;
}

/** 0x9102 real-time audio/video control. */
export interface LiveVideoControl {
  channel: number;
  /** 0 close, 1 switch stream, 2 pause, 3 resume, 4 close talk. */
  command: number;
  /** 0 close audio+video, 1 audio only, 2 video only. */
  closeType: number;
  /** New stream: 0 main, 1 sub. */
  switchStream: number;
}

/** 0x9105 real-time stream status notice. */
export interface LiveVideoStatus {
  channel: number;
  /** Packet loss, % × 100 integer part. */
  packetLoss: number;
}

/** 64-bit alarm filter / flags of 0x9205, 0x1205, 0x9206: split into the 808 and the 1078 halves. */
export interface Alarm64 {
  /** JT/T 808 alarm bits: the **last** 4 bytes of the big-endian 64-bit field (reference §9.3 caveat). */
  alarmFlags: number;
  /** JT/T 1078 video alarm bits: the first 4 bytes. */
  videoAlarmFlags: number;
}

/** 0x9201 playback request. */
export interface PlaybackRequest {
  ip: string;
  tcpPort: number;
  udpPort: number;
  channel: number;
  /** 0 audio+video, 1 audio, 2 video, 3 video or audio+video. */
  avType: number;
  /** 0 any, 1 main, 2 sub. */
  streamType: number;
  /** 0 any, 1 main, 2 backup. */
  storageType: number;
  /** 0 normal, 1 fast-forward, 2 key-frame rewind, 3 key frames only, 4 single frame. */
  playbackMode: number;
  /** 0 n/a, 1 ×1, 2 ×2, 3 ×4, 4 ×8, 5 ×16. */
  speed: number;
  start: LocalTime;
  end: LocalTime;
}

/** 0x9202 playback control. */
export interface PlaybackControl {
  channel: number;
  /** 0 start/resume, 1 pause, 2 stop, 3 fast-forward, 4 key-frame rewind, 5 seek, 6 key frames only. */
  control: number;
  speed: number;
  seekTime: LocalTime;
}

/**
 * The resource selector that 0x9205, each 0x1205 item and 0x9206 carry in the same order (tables 26, 29, 33):
 * channel, start and end time, the 64-bit alarm field, then audio/video, stream and storage types.
 */
export interface ResourceSpan extends Alarm64 {
  channel: number;
  start: LocalTime;
  end: LocalTime;
  avType: number;
  streamType: number;
  storageType: number;
}

/** 0x9205 query resource list. */
export type QueryResources = ResourceSpan;

export interface ResourceItem extends ResourceSpan {
  /** Bytes. */
  size: number;
}

/** 0x1205 resource list (often fragmented). */
export interface ResourceList {
  replyFlowId: number;
  /** Declared item count. */
  total: number;
  items: ResourceItem[];
}

/** 0x9206 file upload (FTP) request. */
export interface FileUploadRequest extends ResourceSpan {
  ip: string;
  port: number;
  user: string;
  password: string;
  path: string;
  /** Bits: 0 Wi-Fi, 1 LAN, 2 3G/4G. */
  taskCondition: number;
}

/** 0x1206 file upload done. */
export interface FileUploadResult {
  replyFlowId: number;
  /** 0 ok, 1 failed. */
  result: number;
}

/** 0x9207 file upload control. */
export interface FileUploadControl {
  replyFlowId: number;
  /** 0 pause, 1 continue, 2 cancel. */
  control: number;
}

function readAlarm64(r: Reader): Alarm64 {
  const videoAlarmFlags = r.u32();
  return { alarmFlags: r.u32(), videoAlarmFlags };
}

function writeAlarm64(w: Writer, a: Alarm64): void {
  w.u32(a.videoAlarmFlags).u32(a.alarmFlags);
}

function readResourceSpan(r: Reader): ResourceSpan {
  const channel = r.u8();
  const start = r.time();
  const end = r.time();
  const { alarmFlags, videoAlarmFlags } = readAlarm64(r);
  return {
    channel,
    start,
    end,
    alarmFlags,
    videoAlarmFlags,
    avType: r.u8(),
    streamType: r.u8(),
    storageType: r.u8(),
  };
}

function writeResourceSpan(w: Writer, s: ResourceSpan): void {
  w.u8(s.channel).time(s.start).time(s.end);
  writeAlarm64(w, s);
  w.u8(s.avType).u8(s.streamType).u8(s.storageType);
}

export const avCodecs = [
  emptyCodec(0x9003, 'query audio/video capability'),
  defineCodec(
    0x1003,
    'audio/video capability',
    (r): AvCapabilities => ({
      audioCodec: r.u8(),
      audioChannels: r.u8(),
      audioSampleRate: r.u8(),
      audioSampleBits: r.u8(),
      audioFrameLength: r.u16(),
      audioOutput: r.u8(),
      videoCodec: r.u8(),
      maxAudioChannels: r.u8(),
      maxVideoChannels: r.u8(),
    }),
    (w, b) => {
      w.u8(b.audioCodec).u8(b.audioChannels).u8(b.audioSampleRate).u8(b.audioSampleBits).u16(b.audioFrameLength);
      w.u8(b.audioOutput).u8(b.videoCodec).u8(b.maxAudioChannels).u8(b.maxVideoChannels);
    },
  ),
  defineCodec(
    0x9101,
    'live audio/video request',
    (r): LiveVideoRequest => ({
      ip: r.str8(),
      tcpPort: r.u16(),
      udpPort: r.u16(),
      channel: r.u8(),
      dataType: r.u8(),
      streamType: r.u8(),
    }),
    (w, b) => {
      w.str8(b.ip).u16(b.tcpPort).u16(b.udpPort).u8(b.channel).u8(b.dataType).u8(b.streamType);
    },
  ),
  defineCodec(
    0x9102,
    'live audio/video control',
    (r): LiveVideoControl => ({ channel: r.u8(), command: r.u8(), closeType: r.u8(), switchStream: r.u8() }),
    (w, b) => {
      w.u8(b.channel).u8(b.command).u8(b.closeType).u8(b.switchStream);
    },
  ),
  defineCodec(
    0x9105,
    'live stream status notice',
    (r): LiveVideoStatus => ({ channel: r.u8(), packetLoss: r.u8() }),
    (w, b) => {
      w.u8(b.channel).u8(b.packetLoss);
    },
  ),
  defineCodec(
    0x9201,
    'playback request',
    (r): PlaybackRequest => ({
      ip: r.str8(),
      tcpPort: r.u16(),
      udpPort: r.u16(),
      channel: r.u8(),
      avType: r.u8(),
      streamType: r.u8(),
      storageType: r.u8(),
      playbackMode: r.u8(),
      speed: r.u8(),
      start: r.time(),
      end: r.time(),
    }),
    (w, b) => {
      w.str8(b.ip).u16(b.tcpPort).u16(b.udpPort).u8(b.channel).u8(b.avType).u8(b.streamType).u8(b.storageType);
      w.u8(b.playbackMode).u8(b.speed).time(b.start).time(b.end);
    },
  ),
  defineCodec(
    0x9202,
    'playback control',
    (r): PlaybackControl => ({ channel: r.u8(), control: r.u8(), speed: r.u8(), seekTime: r.time() }),
    (w, b) => {
      w.u8(b.channel).u8(b.control).u8(b.speed).time(b.seekTime);
    },
  ),
  defineCodec(
    0x9205,
    'query resource list',
    (r): QueryResources => readResourceSpan(r),
    (w, b) => writeResourceSpan(w, b),
  ),
  defineCodec(
    0x1205,
    'resource list',
    (r, ctx): ResourceList => {
      const replyFlowId = r.u16();
      const total = r.u32();
      const items: ResourceItem[] = [];
      // Bounded by the bytes present, never by the declared count alone (a hostile count must not spin).
      for (let i = 0; i < total; i++) {
        if (ctx.partial && r.remaining < 28) break;
        items.push({ ...readResourceSpan(r), size: r.u32() });
      }
      return { replyFlowId, total, items };
    },
    (w, b) => {
      w.u16(b.replyFlowId).u32(b.total);
      for (const it of b.items) {
        writeResourceSpan(w, it);
        w.u32(it.size);
      }
    },
  ),
  defineCodec(
    0x9206,
    'file upload request',
    (r): FileUploadRequest => {
      const ip = r.str8();
      const port = r.u16();
      const user = r.str8();
      const password = r.str8();
      const path = r.str8();
      return { ip, port, user, password, path, ...readResourceSpan(r), taskCondition: r.u8() };
    },
    (w, b) => {
      w.str8(b.ip).u16(b.port).str8(b.user).str8(b.password).str8(b.path);
      writeResourceSpan(w, b);
      w.u8(b.taskCondition);
    },
  ),
  defineCodec(
    0x1206,
    'file upload done',
    (r): FileUploadResult => ({ replyFlowId: r.u16(), result: r.u8() }),
    (w, b) => {
      w.u16(b.replyFlowId).u8(b.result);
    },
  ),
  defineCodec(
    0x9207,
    'file upload control',
    (r): FileUploadControl => ({ replyFlowId: r.u16(), control: r.u8() }),
    (w, b) => {
      w.u16(b.replyFlowId).u8(b.control);
    },
  ),
] as const;
