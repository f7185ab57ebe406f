import type { Label } from './labels.ts';

// Live video, recorded video and talk (issue 16): the spec's constants (section 9 "live video repeat 3, time-out
// 38000 ms", "record list 60 s", "Talk sample rate 16000", "Video splits") and the JT/T 1078 codes the console
// sends and shows (0x9102 control, 0x9201/0x9202 playback, 0x9205 query fields), each with its en/zh/th label.

/** A live video request is tried this many times before the window says "no service". */
export const LIVE_VIDEO_REPEAT = 3;
/** Each live video try waits this long for the terminal (0x9101 answered and the stream's URL handed out). */
export const LIVE_VIDEO_TIMEOUT_MS = 38_000;
/** The record list waits for the terminal's 0x1205 this long. */
export const RECORD_LIST_TIMEOUT_MS = 60_000;
/** The spec's talk sample rate: what the console asks of the microphone before resampling to G.711's 8 kHz. */
export const TALK_SAMPLE_RATE = 16_000;
/** G.711 and the PCM the media server sends: 8 kHz mono. */
export const G711_SAMPLE_RATE = 8_000;
/** The video window's grid views (spec "Video splits"); the first five are the dialog's grid buttons. */
export const VIDEO_SPLITS = [1, 4, 6, 8, 9, 16, 25, 36] as const;
export type VideoSplit = (typeof VIDEO_SPLITS)[number];
export const VIDEO_SPLIT_BUTTONS = [1, 4, 6, 9, 16] as const satisfies readonly VideoSplit[];

/** 0x9102 control instruction (JT/T 1078 table 20). */
export const LIVE_CONTROL = { close: 0, switchStream: 1, pause: 2, resume: 3, closeTalk: 4 } as const;

/** 0x9102 / 0x9101 stream type. */
export const STREAM_TYPES = {
  0: { en: 'Main stream', zh: '主码流', th: 'สตรีมหลัก' },
  1: { en: 'Sub stream', zh: '子码流', th: 'สตรีมรอง' },
} as const satisfies Record<number, Label>;

/** 0x9403-style picture flip (the spec's device flip 0–3). */
export const FLIP_MODES = {
  0: { en: 'No flip', zh: '不翻转', th: 'ไม่พลิก' },
  1: { en: 'Mirror', zh: '水平翻转', th: 'พลิกแนวนอน' },
  2: { en: 'Upside down', zh: '垂直翻转', th: 'พลิกแนวตั้ง' },
  3: { en: 'Rotate 180°', zh: '旋转 180°', th: 'หมุน 180°' },
} as const satisfies Record<number, Label>;

/** 0x9205 / 0x1205 audio-video type (JT/T 1078 table 22). */
export const AV_TYPES = {
  0: { en: 'Audio and video', zh: '音视频', th: 'ภาพและเสียง' },
  1: { en: 'Audio', zh: '音频', th: 'เสียง' },
  2: { en: 'Video', zh: '视频', th: 'ภาพ' },
  3: { en: 'Video or audio', zh: '视频或音频', th: 'ภาพหรือเสียง' },
} as const satisfies Record<number, Label>;

/** 0x9205 / 0x1205 stream type (0 in a query: either). */
export const RECORD_STREAMS = {
  0: { en: 'Main or sub', zh: '主码流或子码流', th: 'สตรีมหลักหรือรอง' },
  1: { en: 'Main stream', zh: '主码流', th: 'สตรีมหลัก' },
  2: { en: 'Sub stream', zh: '子码流', th: 'สตรีมรอง' },
} as const satisfies Record<number, Label>;

/** 0x9205 / 0x1205 storage (0 in a query: either). */
export const RECORD_STORAGES = {
  0: { en: 'Main or backup', zh: '主存储或灾备', th: 'หลักหรือสำรอง' },
  1: { en: 'Main storage', zh: '主存储器', th: 'หน่วยเก็บหลัก' },
  2: { en: 'Backup storage', zh: '灾备存储器', th: 'หน่วยเก็บสำรอง' },
} as const satisfies Record<number, Label>;

/** 0x9201 playback mode. */
export const RECORD_PLAY_MODES = {
  0: { en: 'Normal', zh: '正常回放', th: 'ปกติ' },
  1: { en: 'Fast forward', zh: '快进', th: 'กรอไปข้างหน้า' },
  2: { en: 'Key-frame rewind', zh: '关键帧快退', th: 'กรอกลับ' },
  3: { en: 'Key frames only', zh: '关键帧播放', th: 'เฉพาะคีย์เฟรม' },
  4: { en: 'Single frame', zh: '单帧上传', th: 'ทีละเฟรม' },
} as const satisfies Record<number, Label>;

/** 0x9201 / 0x9202 speed code → factor (0: not fast or slow). */
export const RECORD_SPEED_FACTORS = { 0: 1, 1: 1, 2: 2, 3: 4, 4: 8, 5: 16 } as const;
export type RecordSpeedCode = keyof typeof RECORD_SPEED_FACTORS;

/** 0x9202 playback control (JT/T 1078 table 25). */
export const RECORD_CONTROL = { resume: 0, pause: 1, stop: 2, fastForward: 3, rewind: 4, drag: 5 } as const;
