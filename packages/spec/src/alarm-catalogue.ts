import type { Label } from './labels.ts';
import { WARNING_BITS, type WarningBitName } from './warning-bits.ts';

// The platform alarm catalogue: every alarm type a user can receive, its group and its wording (product spec
// section 3 "Platform alarm type: platform_alarm_id, group_id"; section 5 lists the groups 1, 10–18, 100, 200
// and the codes 1, 2, 1001–1010, 1101–1120, 25601–25617, 25857–25884, 59392–59416 without their names).
// The numbering below is Headway's reading of those ranges, written down in docs/alarms.md "The catalogue":
//  - 1–3 and 1001–1010 / 1101–1119: the JT/T 808 alarm word, one code per bit (emergency, driving, faults);
//  - 0x6400 | type (25601–25617) ADAS and 0x6500 | type (25857–25884) DSM: T/JSATL12 tables 4-15 and 4-17,
//    so a terminal's alarm type maps to a code by arithmetic; 0x6600 | (bit + 1) TPMS, 0x6700 | type BSD;
//  - 0xE800 onwards (59392–): alarms the platform raises itself, JT/T 1078 video alarms and regions.
// Group 200 holds the company's own types, made with POST /basic/alarm/platform; they live in the database.

export const ALARM_GROUPS = {
  1: { en: 'Emergency', zh: '紧急报警', th: 'เหตุฉุกเฉิน' },
  10: { en: 'Driving', zh: '驾驶行为报警', th: 'พฤติกรรมการขับขี่' },
  11: { en: 'Terminal and vehicle faults', zh: '终端与车辆故障', th: 'อุปกรณ์และรถขัดข้อง' },
  12: { en: 'ADAS (forward camera)', zh: '高级驾驶辅助 (ADAS)', th: 'ADAS (กล้องหน้า)' },
  13: { en: 'DSM (driver camera)', zh: '驾驶员状态监测 (DSM)', th: 'DSM (กล้องผู้ขับ)' },
  14: { en: 'Tyre pressure (TPMS)', zh: '胎压监测 (TPMS)', th: 'แรงดันลมยาง (TPMS)' },
  15: { en: 'Blind spot (BSD)', zh: '盲区监测 (BSD)', th: 'จุดบอด (BSD)' },
  16: { en: 'Platform', zh: '平台报警', th: 'แพลตฟอร์ม' },
  17: { en: 'Video', zh: '视频报警', th: 'วิดีโอ' },
  18: { en: 'Regions', zh: '区域报警', th: 'พื้นที่' },
  100: { en: 'Other', zh: '其他', th: 'อื่น ๆ' },
  200: { en: 'Custom', zh: '自定义', th: 'กำหนดเอง' },
} as const satisfies { readonly [group: number]: Label };

export type AlarmGroupId = keyof typeof ALARM_GROUPS;
export const ALARM_GROUP_IDS = Object.keys(ALARM_GROUPS).map(Number) as AlarmGroupId[];

/** Group of the company's own alarm types (the only group POST /basic/alarm/platform may create in). */
export const CUSTOM_ALARM_GROUP = 200;
/** Custom codes are numbered from here, above every built-in code. */
export const CUSTOM_ALARM_CODE_MIN = 100_000;

/** Who raises the alarm: a bit of the 0x0200 alarm word, a T/JSATL12 item, a JT/T 1078 item, or the platform. */
export type AlarmSource = 'warning-bit' | 'adas' | 'dsm' | 'tpms' | 'bsd' | 'video' | 'platform' | 'region';

/**
 * The alarm's device_type as the spec names it ("ADAS, DSM, FM, other"): the three whose text is the alarm type
 * (FM: a stand-alone fatigue monitor, reported like DSM), TPMS and BSD, GPS for the terminal's own alarm word,
 * PLATFORM for what the platform raises. Everything but ADAS, DSM and FM is "other" to the text rule.
 */
export const DEVICE_TYPES = ['ADAS', 'DSM', 'FM', 'TPMS', 'BSD', 'GPS', 'PLATFORM'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const DEVICE_TYPE_LABELS: { readonly [T in DeviceType]: Label } = {
  ADAS: { en: 'ADAS', zh: 'ADAS', th: 'ADAS' },
  DSM: { en: 'DSM', zh: 'DSM', th: 'DSM' },
  FM: { en: 'Fatigue monitor', zh: '疲劳监测', th: 'ตรวจจับความเหนื่อยล้า' },
  TPMS: { en: 'TPMS', zh: 'TPMS', th: 'TPMS' },
  BSD: { en: 'BSD', zh: 'BSD', th: 'BSD' },
  GPS: { en: 'Terminal', zh: '终端', th: 'อุปกรณ์' },
  PLATFORM: { en: 'Platform', zh: '平台', th: 'แพลตฟอร์ม' },
};

/** Alarm levels: T/JSATL12's level 1 and 2, and 3 for the emergencies (SOS, collision, rollover). */
export const ALARM_LEVELS = {
  1: { en: 'Level 1', zh: '一级', th: 'ระดับ 1' },
  2: { en: 'Level 2', zh: '二级', th: 'ระดับ 2' },
  3: { en: 'Emergency', zh: '紧急', th: 'ฉุกเฉิน' },
} as const satisfies { readonly [level: number]: Label };
export type AlarmLevel = keyof typeof ALARM_LEVELS;

export interface PlatformAlarmDef {
  readonly code: number;
  readonly group: AlarmGroupId;
  readonly source: AlarmSource;
  readonly label: Label;
  /** Level given to the alarm when its source carries none. */
  readonly level: AlarmLevel;
  /** The warning bit (source 'warning-bit'), the item's alarm type (adas, dsm, bsd), TPMS event bit or 0x14 bit. */
  readonly detail?: number;
}

function bitAlarm(code: number, group: AlarmGroupId, name: WarningBitName, level: AlarmLevel = 1): PlatformAlarmDef {
  const def = WARNING_BITS[name];
  return { code, group, source: 'warning-bit', label: def.label, level, detail: def.bit };
}

/** One code per bit of the JT/T 808 alarm word; the wording is the warning bit's own label. */
const WARNING_BIT_ALARMS: readonly PlatformAlarmDef[] = [
  bitAlarm(1, 1, 'sos', 3),
  bitAlarm(2, 1, 'rollover', 3),
  bitAlarm(3, 1, 'collision', 3),
  bitAlarm(1001, 10, 'speeding', 2),
  bitAlarm(1002, 10, 'fatigue', 2),
  bitAlarm(1003, 10, 'danger', 2),
  bitAlarm(1004, 10, 'speedWarning'),
  bitAlarm(1005, 10, 'fatigueWarning'),
  bitAlarm(1006, 10, 'illegalDrivingTime'),
  bitAlarm(1007, 10, 'dailyDrivingTimeout'),
  bitAlarm(1008, 10, 'longParking'),
  bitAlarm(1009, 10, 'segmentDriveTime'),
  bitAlarm(1010, 10, 'routeDeviation'),
  bitAlarm(1101, 11, 'gnssFault'),
  bitAlarm(1102, 11, 'gnssAntennaOpen'),
  bitAlarm(1103, 11, 'gnssAntennaShort'),
  bitAlarm(1104, 11, 'powerUndervoltage'),
  bitAlarm(1105, 11, 'powerCut', 2),
  bitAlarm(1106, 11, 'displayFault'),
  bitAlarm(1107, 11, 'ttsFault'),
  bitAlarm(1108, 11, 'cameraFault'),
  bitAlarm(1109, 11, 'icCardFault'),
  bitAlarm(1110, 11, 'tyrePressureWarning'),
  bitAlarm(1111, 11, 'rightTurnBlindZone'),
  bitAlarm(1112, 11, 'areaInOut'),
  bitAlarm(1113, 11, 'routeInOut'),
  bitAlarm(1114, 11, 'vssFault'),
  bitAlarm(1115, 11, 'fuelAbnormal'),
  bitAlarm(1116, 11, 'stolen', 2),
  bitAlarm(1117, 11, 'illegalIgnition', 2),
  bitAlarm(1118, 11, 'illegalDisplacement', 2),
  bitAlarm(1119, 11, 'illegalDoorOpen', 2),
];

/** T/JSATL12 table 4-15: ADAS alarm and event types (0x08–0x0F and 0x12 on are the maker's own). */
const ADAS_TYPES: { readonly [type: number]: Label } = {
  1: { en: 'Forward collision warning', zh: '前向碰撞报警', th: 'เตือนการชนด้านหน้า' },
  2: { en: 'Lane departure', zh: '车道偏离报警', th: 'ออกนอกช่องทาง' },
  3: { en: 'Following too close', zh: '车距过近报警', th: 'ระยะห่างคันหน้าใกล้เกินไป' },
  4: { en: 'Pedestrian collision warning', zh: '行人碰撞报警', th: 'เตือนการชนคนเดินเท้า' },
  5: { en: 'Frequent lane changes', zh: '频繁变道报警', th: 'เปลี่ยนช่องทางบ่อย' },
  6: { en: 'Road sign limit exceeded', zh: '道路标识超限报警', th: 'เกินค่าที่ป้ายจราจรกำหนด' },
  7: { en: 'Obstacle', zh: '障碍物报警', th: 'สิ่งกีดขวาง' },
  16: { en: 'Road sign recognised', zh: '道路标志识别事件', th: 'ตรวจพบป้ายจราจร' },
  17: { en: 'Active capture', zh: '主动抓拍事件', th: 'บันทึกภาพอัตโนมัติ' },
};

/** T/JSATL12 table 4-17: DSM alarm and event types (0x06–0x0F and 0x12 on are the maker's own). */
const DSM_TYPES: { readonly [type: number]: Label } = {
  1: { en: 'Fatigue driving', zh: '疲劳驾驶报警', th: 'ขับขี่เหนื่อยล้า' },
  2: { en: 'Phone call while driving', zh: '接打电话报警', th: 'ใช้โทรศัพท์ขณะขับ' },
  3: { en: 'Smoking', zh: '抽烟报警', th: 'สูบบุหรี่' },
  4: { en: 'Distracted driving', zh: '分神驾驶报警', th: 'ขับขี่ไม่มีสมาธิ' },
  5: { en: 'Driver abnormal', zh: '驾驶员异常报警', th: 'ผู้ขับขี่ผิดปกติ' },
  16: { en: 'Automatic capture', zh: '自动抓拍事件', th: 'บันทึกภาพอัตโนมัติ' },
  17: { en: 'Driver changed', zh: '驾驶员变更事件', th: 'เปลี่ยนผู้ขับขี่' },
};

/** T/JSATL12 0x66 event bits 1–7 (bit 0 is the periodic report, not an alarm). */
const TPMS_BITS: { readonly [bit: number]: Label } = {
  1: { en: 'Tyre pressure high', zh: '胎压过高', th: 'แรงดันลมยางสูง' },
  2: { en: 'Tyre pressure low', zh: '胎压过低', th: 'แรงดันลมยางต่ำ' },
  3: { en: 'Tyre temperature high', zh: '胎温过高', th: 'อุณหภูมิยางสูง' },
  4: { en: 'Tyre sensor fault', zh: '胎压传感器异常', th: 'เซนเซอร์ยางขัดข้อง' },
  5: { en: 'Tyre pressure imbalance', zh: '胎压不平衡', th: 'แรงดันลมยางไม่สมดุล' },
  6: { en: 'Slow leak', zh: '慢漏气', th: 'ยางรั่วซึม' },
  7: { en: 'Tyre sensor battery low', zh: '传感器电池电量低', th: 'แบตเตอรี่เซนเซอร์ยางต่ำ' },
};

const BSD_TYPES: { readonly [type: number]: Label } = {
  1: { en: 'Vehicle approaching from behind', zh: '后方接近报警', th: 'รถเข้าใกล้จากด้านหลัง' },
  2: { en: 'Left rear approach', zh: '左侧后方接近报警', th: 'รถเข้าใกล้ด้านหลังซ้าย' },
  3: { en: 'Right rear approach', zh: '右侧后方接近报警', th: 'รถเข้าใกล้ด้านหลังขวา' },
};

/** JT/T 1078 table 14: the video alarm word of location item 0x14. */
const VIDEO_BITS: { readonly [bit: number]: Label } = {
  0: { en: 'Video signal lost', zh: '视频信号丢失', th: 'สัญญาณวิดีโอหาย' },
  1: { en: 'Camera blocked', zh: '视频信号遮挡', th: 'กล้องถูกบัง' },
  2: { en: 'Video storage fault', zh: '存储单元故障', th: 'หน่วยเก็บวิดีโอขัดข้อง' },
  3: { en: 'Other video device fault', zh: '其他视频设备故障', th: 'อุปกรณ์วิดีโออื่นขัดข้อง' },
  4: { en: 'Bus overcrowded', zh: '客车超员', th: 'ผู้โดยสารเกินจำนวน' },
  5: { en: 'Abnormal driving behaviour', zh: '异常驾驶行为', th: 'พฤติกรรมการขับผิดปกติ' },
  6: { en: 'Special recording storage full', zh: '特殊报警录像达到存储阈值', th: 'พื้นที่บันทึกวิดีโอพิเศษเต็ม' },
};

function custom(kind: string, zhKind: string, n: number): Label {
  return { en: `${kind} custom alarm ${n}`, zh: `${zhKind}自定义报警 ${n}`, th: `การแจ้งเตือน ${kind} กำหนดเอง ${n}` };
}

function safetyAlarms(
  base: number,
  group: AlarmGroupId,
  source: AlarmSource,
  kind: string,
  zhKind: string,
  named: { readonly [type: number]: Label },
  last: number,
): PlatformAlarmDef[] {
  const out: PlatformAlarmDef[] = [];
  for (let type = 1; type <= last; type++) {
    out.push({
      code: base | type,
      group,
      source,
      label: named[type] ?? custom(kind, zhKind, type),
      level: 1,
      detail: type,
    });
  }
  return out;
}

/** One alarm per named bit of an item's event word (TPMS, the 0x14 video alarms), coded by `codeOf(bit)`. */
function bitAlarms(
  bits: { readonly [bit: number]: Label },
  group: AlarmGroupId,
  source: AlarmSource,
  codeOf: (bit: number) => number,
): PlatformAlarmDef[] {
  return Object.entries(bits).map(([bit, label]) => ({
    code: codeOf(Number(bit)),
    group,
    source,
    label,
    level: 1,
    detail: Number(bit),
  }));
}

/** Codes of the alarms the platform raises itself (docs/alarms.md "Platform alarms"). */
export const PlatformAlarmCode = {
  overSpeed: 59392,
  offline: 59393,
  longParking: 59394,
  routeDeviation: 59395,
  regionEnter: 59396,
  regionExit: 59397,
  regionOverstay: 59398,
  corridorDeviation: 59399,
} as const;

function own(
  code: number,
  group: AlarmGroupId,
  source: AlarmSource,
  level: AlarmLevel,
  label: Label,
): PlatformAlarmDef {
  return { code, group, source, level, label };
}

const PLATFORM_ALARMS_OWN: readonly PlatformAlarmDef[] = [
  own(PlatformAlarmCode.overSpeed, 16, 'platform', 2, {
    en: 'Over the speed limit',
    zh: '平台超速报警',
    th: 'เกินความเร็วที่กำหนด',
  }),
  own(PlatformAlarmCode.offline, 16, 'platform', 1, { en: 'Offline too long', zh: '离线超时', th: 'ออฟไลน์นานเกินไป' }),
  own(PlatformAlarmCode.longParking, 16, 'platform', 1, {
    en: 'Parked too long outside a depot',
    zh: '场站外超时停车',
    th: 'จอดนานนอกอู่',
  }),
  own(PlatformAlarmCode.routeDeviation, 16, 'platform', 2, {
    en: 'Off its line',
    zh: '平台路线偏离',
    th: 'ออกนอกสายเดินรถ',
  }),
  own(PlatformAlarmCode.regionEnter, 18, 'region', 1, { en: 'Entered a region', zh: '进入区域', th: 'เข้าพื้นที่' }),
  own(PlatformAlarmCode.regionExit, 18, 'region', 1, { en: 'Left a region', zh: '离开区域', th: 'ออกจากพื้นที่' }),
  own(PlatformAlarmCode.regionOverstay, 18, 'region', 1, {
    en: 'Stayed too long in a region',
    zh: '区域内停留超时',
    th: 'อยู่ในพื้นที่นานเกินไป',
  }),
  own(PlatformAlarmCode.corridorDeviation, 18, 'region', 2, {
    en: 'Left its corridor',
    zh: '偏离通行走廊',
    th: 'ออกนอกเส้นทางที่กำหนด',
  }),
];

/** 0x14 video alarm bit → code. */
export const VIDEO_ALARM_BASE = 59400;

/** Every built-in alarm type, in code order. */
export const PLATFORM_ALARMS: readonly PlatformAlarmDef[] = [
  ...WARNING_BIT_ALARMS,
  ...safetyAlarms(0x6400, 12, 'adas', 'ADAS', 'ADAS ', ADAS_TYPES, 17),
  ...safetyAlarms(0x6500, 13, 'dsm', 'DSM', 'DSM ', DSM_TYPES, 28),
  ...bitAlarms(TPMS_BITS, 14, 'tpms', tpmsAlarmCode),
  ...safetyAlarms(0x6700, 15, 'bsd', 'BSD', 'BSD ', BSD_TYPES, 3),
  ...PLATFORM_ALARMS_OWN,
  ...bitAlarms(VIDEO_BITS, 17, 'video', videoAlarmCode),
].sort((a, b) => a.code - b.code);

const BY_CODE = new Map(PLATFORM_ALARMS.map((d) => [d.code, d]));

export function platformAlarm(code: number): PlatformAlarmDef | undefined {
  return BY_CODE.get(code);
}

export function isBuiltInAlarm(code: number): boolean {
  return BY_CODE.has(code);
}

/** Warning bit → alarm code, indexed by bit position (every one of the 32 bits has a code). */
export const WARNING_BIT_ALARM_CODES: readonly number[] = (() => {
  const out = new Array<number>(32).fill(0);
  for (const d of WARNING_BIT_ALARMS) out[d.detail as number] = d.code;
  return out;
})();

/** Code of an ADAS (0x64) or DSM / fatigue-monitor (0x65) alarm type, or a BSD (0x67) type. */
export function safetyAlarmCode(itemId: 0x64 | 0x65 | 0x67, type: number): number {
  return (itemId << 8) | (type & 0xff);
}

/** Code of a TPMS event bit (1–7). */
export function tpmsAlarmCode(bit: number): number {
  return 0x6600 | (bit + 1);
}

/** Code of a JT/T 1078 video alarm bit (0x14 item). */
export function videoAlarmCode(bit: number): number {
  return VIDEO_ALARM_BASE + bit;
}

/** Device types whose alarm text is the alarm type (spec section 4: "ADAS, DSM or FM"). */
const TEXT_BY_TYPE: ReadonlySet<string> = new Set(['ADAS', 'DSM', 'FM']);

/**
 * The catalogue code whose wording names an alarm, by the spec's rule: for ADAS, DSM and FM devices the alarm
 * type (the T/JSATL12 type of the item), for every other device the platform_alarm_id.
 */
export function alarmTextCode(alarm: { device_type: string; alarm_type: number; platform_alarm_id: number }): number {
  if (!TEXT_BY_TYPE.has(alarm.device_type)) return alarm.platform_alarm_id;
  return safetyAlarmCode(alarm.device_type === 'ADAS' ? 0x64 : 0x65, alarm.alarm_type);
}

/**
 * The alarm's wording in one language: the built-in label of its code, or `customName` (a group-200 type's
 * stored name), or the bare code.
 */
export function alarmLabel(code: number, language: keyof Label, customName?: (code: number) => string | undefined) {
  return platformAlarm(code)?.label[language] ?? customName?.(code) ?? `#${code}`;
}

/** A user's notice settings for one alarm type (spec section 3 "Per-user alarm preference"). */
export interface AlarmNotice {
  /** 0 on, 1 off. */
  readonly web_notice: 0 | 1;
  readonly app_notice: 0 | 1;
  readonly mail_notice: 0 | 1;
  /** 1 opens a popup. */
  readonly is_show: 0 | 1;
  /** Seconds the popup stays open; 0 until the user closes it. */
  readonly duration: number;
}

/**
 * What a user who never saved preferences gets: every alarm counted and listed (web notice on), popups for the
 * serious ones (levels 2 and 3; emergencies stay until closed), no mail until asked for.
 */
export function defaultAlarmNotice(code: number): AlarmNotice {
  const level = platformAlarm(code)?.level ?? 1;
  return {
    web_notice: 0,
    app_notice: 0,
    mail_notice: 1,
    is_show: level >= 2 ? 1 : 0,
    duration: level === 3 ? 0 : 30,
  };
}
