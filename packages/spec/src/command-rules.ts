import type { Label } from './labels.ts';

// Dispatch messages and device commands (product spec section 4 "Chat message", section 5 "Parameter edit",
// section 9 "Snapshot resolutions"; issue 13, docs/commands.md): the rules the server's command API and the
// console's chat, command and snapshot windows share.

/** A command's life in the dispatch and message logs (`state`, and the message log's spec field `send_state`). */
export const COMMAND_STATES = {
  /** Beyond the spec: kept for an offline terminal until it reconnects or the entry expires. */
  0: { label: { en: 'Queued', zh: '排队中', th: 'รอส่ง' } },
  1: { label: { en: 'Sent, awaiting reply', zh: '已发送，待回复', th: 'ส่งแล้ว รอตอบกลับ' } },
  /** Spec: send_state 2 is "replied / success". */
  2: { label: { en: 'Replied', zh: '已回复', th: 'ตอบกลับแล้ว' } },
  3: { label: { en: 'Refused by the terminal', zh: '终端拒绝', th: 'อุปกรณ์ปฏิเสธ' } },
  4: { label: { en: 'Not reachable', zh: '终端不可达', th: 'ติดต่ออุปกรณ์ไม่ได้' } },
  5: { label: { en: 'Expired', zh: '已过期', th: 'หมดอายุ' } },
} as const satisfies { readonly [state: number]: { readonly label: Label } };

export type CommandState = keyof typeof COMMAND_STATES;
export const CommandStateCode = {
  queued: 0,
  sent: 1,
  replied: 2,
  refused: 3,
  unreachable: 4,
  expired: 5,
} as const satisfies Record<string, CommandState>;

/** Chat: replies are fetched every 3 s, at most 3 times per message, from a window of ±5 min around the send. */
export const MESSAGE_REPLY_POLL = { intervalMs: 3000, maxFetches: 3, windowSeconds: 300 } as const;

/** The 0x8300 flag bits ticked by default: show on the display (2) and read aloud (3). */
export const MESSAGE_DEFAULT_FLAGS: readonly number[] = [2, 3];

/** The 0x8300 flag bits the chat window offers (TEXT_FLAG_BITS holds their labels). */
export const MESSAGE_FLAG_CHOICES: readonly number[] = [0, 2, 3, 4, 5];

/** The longest text a terminal takes: 1024 bytes of GBK (reference §6). */
export const MESSAGE_MAX_BYTES = 1024;

/** Vehicles one send may address. */
export const MESSAGE_MAX_VEHICLES = 500;

/**
 * Where on the vehicle a message goes (spec: target '' for the terminal, or ITS / DVR). A vehicle has one
 * terminal in Headway's model, so every target reaches that terminal; the target is kept in the log and, for ITS
 * and DVR, names the unit in the text's 2019 type (docs/commands.md "Targets").
 */
export const MESSAGE_TARGETS = {
  '': { label: { en: 'Dispatch screen', zh: '调度屏', th: 'จอสั่งการ' } },
  ITS: { label: { en: 'ITS unit', zh: '智能终端', th: 'หน่วย ITS' } },
  DVR: { label: { en: 'Video recorder (DVR)', zh: '录像机 (DVR)', th: 'เครื่องบันทึกวิดีโอ (DVR)' } },
} as const satisfies { readonly [target: string]: { readonly label: Label } };

export type MessageTarget = keyof typeof MESSAGE_TARGETS;

/** Beyond the spec: how long a queued message or parameter write waits for its terminal (hours), and the most. */
export const QUEUE_EXPIRY_HOURS: readonly number[] = [1, 4, 12, 24, 72];
export const QUEUE_MAX_HOURS = 168;

/** Snapshot resolutions 1–8 (0x8801 BYTE; the spec lists 1 as 320*210, the standard's 320×240). */
export const SNAPSHOT_RESOLUTIONS = {
  1: { width: 320, height: 240 },
  2: { width: 640, height: 480 },
  3: { width: 800, height: 600 },
  4: { width: 1024, height: 768 },
  5: { width: 176, height: 144 },
  6: { width: 352, height: 288 },
  7: { width: 704, height: 288 },
  8: { width: 704, height: 576 },
} as const satisfies { readonly [code: number]: { readonly width: number; readonly height: number } };

export type SnapshotResolution = keyof typeof SNAPSHOT_RESOLUTIONS;

/** The snapshot window's defaults (spec section 9) and the 0x8801 ranges of the picture settings. */
export const SNAPSHOT_DEFAULTS = { channel: 1, resolution: 4, quality: 5 } as const;
export const SNAPSHOT_RANGES = {
  channel: { min: 1, max: 64 },
  quality: { min: 1, max: 10 },
  brightness: { min: 0, max: 255 },
  contrast: { min: 0, max: 127 },
  saturation: { min: 0, max: 127 },
  shades: { min: 0, max: 255 },
} as const;

/** 0x8105 terminal control command words the console sends (reference §4.1). */
export const TERMINAL_CONTROL = {
  reboot: 4,
  /**
   * "Log": ask the terminal to upload its log. JT/T 808 has no command word for it; vendors use private words.
   * Headway sends 0x64 (docs/commands.md "Reboot and log"); HEADWAY_TERMINAL_LOG_COMMAND changes it per site.
   */
  log: 0x64,
} as const;

/**
 * What a command-log row did (dispatch_log.action): the log screen and the export name rows by it, since a message
 * id alone does not say (0x8105 carries both reboot and log; a change of route is no terminal message).
 */
export const DISPATCH_ACTIONS = {
  'av-capability': { label: { en: 'Audio/video capability', zh: '音视频能力', th: 'ความสามารถเสียง/วิดีโอ' } },
  attributes: { label: { en: 'Terminal attributes', zh: '终端属性', th: 'คุณสมบัติอุปกรณ์' } },
  'params-read': { label: { en: 'Read parameters', zh: '读取参数', th: 'อ่านพารามิเตอร์' } },
  'params-write': { label: { en: 'Write parameters', zh: '设置参数', th: 'ตั้งค่าพารามิเตอร์' } },
  reboot: { label: { en: 'Reboot', zh: '重启', th: 'รีบูต' } },
  log: { label: { en: 'Upload log', zh: '上传日志', th: 'อัปโหลดบันทึก' } },
  snapshot: { label: { en: 'Snapshot', zh: '抓拍', th: 'ถ่ายภาพ' } },
  'change-route': { label: { en: 'Change route', zh: '切换线路', th: 'เปลี่ยนสาย' } },
  'region-push': { label: { en: 'Send region', zh: '下发区域', th: 'ส่งพื้นที่' } },
  'region-delete': { label: { en: 'Delete region', zh: '删除区域', th: 'ลบพื้นที่' } },
  'region-query': { label: { en: 'Query regions', zh: '查询区域', th: 'สอบถามพื้นที่' } },
  'live-video': { label: { en: 'Live video', zh: '实时视频', th: 'วิดีโอสด' } },
  'live-control': { label: { en: 'Live video control', zh: '实时视频控制', th: 'ควบคุมวิดีโอสด' } },
  flip: { label: { en: 'Flip image', zh: '画面翻转', th: 'พลิกภาพ' } },
  'record-list': { label: { en: 'Recording list', zh: '录像列表', th: 'รายการบันทึกวิดีโอ' } },
  'record-play': { label: { en: 'Play recording', zh: '录像回放', th: 'เล่นวิดีโอที่บันทึก' } },
  'record-control': { label: { en: 'Playback control', zh: '回放控制', th: 'ควบคุมการเล่นซ้ำ' } },
  talk: { label: { en: 'Two-way talk', zh: '双向对讲', th: 'สนทนาสองทาง' } },
} as const satisfies { readonly [action: string]: { readonly label: Label } };

export type DispatchAction = keyof typeof DISPATCH_ACTIONS;

/** Change route (spec "Change-route form"): type 128 takes the bus out of service; 3 keeps the direction open. */
export const CHANGE_ROUTE_TYPES = { up: 1, down: 2, unsynced: 3, outOfService: 128 } as const;

/** Operation state chosen in the change-route form. */
export const OPERATION_STATES = {
  1: { label: { en: 'In operation', zh: '营运', th: 'ให้บริการ' } },
  0: { label: { en: 'Out of service', zh: '停运', th: 'หยุดให้บริการ' } },
} as const satisfies { readonly [state: number]: { readonly label: Label } };

/**
 * What a device can do when nothing says otherwise (devices.capabilities; issue 14's device types set it):
 * snapshot, video, send message and talk (CAPABILITY_BITS 5, 6, 10, 11).
 */
export const DEFAULT_DEVICE_CAPABILITIES = (1 << 5) | (1 << 6) | (1 << 10) | (1 << 11);
