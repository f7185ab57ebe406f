import { type BitTable, masksOf } from './bits.ts';

// The attribute fields of the areas and routes a platform sets on a terminal (0x8600 circle, 0x8602 rectangle,
// 0x8604 polygon, 0x8606 route; JT/T 808-2013 tables 60, 63, 64, 66, 68; shared/protocol/jt808-reference.md §8).
// Bits 0 and 1 also decide which optional fields follow on the wire (time window, speed limit).

/** Area attribute WORD (circle, rectangle, polygon). Bits 9–13 are reserved. */
export const AREA_ATTRIBUTE_BITS = {
  /** The start and end times follow. */
  timeWindow: { bit: 0, label: { en: 'By time', zh: '根据时间', th: 'ตามช่วงเวลา' } },
  /** The speed limit and over-speed duration follow. */
  speedLimit: { bit: 1, label: { en: 'Speed limit', zh: '限速', th: 'จำกัดความเร็ว' } },
  alarmDriverOnEntry: {
    bit: 2,
    label: { en: 'Alert the driver on entry', zh: '进区域报警给驾驶员', th: 'แจ้งผู้ขับเมื่อเข้า' },
  },
  alarmPlatformOnEntry: {
    bit: 3,
    label: { en: 'Alert the platform on entry', zh: '进区域报警给平台', th: 'แจ้งแพลตฟอร์มเมื่อเข้า' },
  },
  alarmDriverOnExit: {
    bit: 4,
    label: { en: 'Alert the driver on exit', zh: '出区域报警给驾驶员', th: 'แจ้งผู้ขับเมื่อออก' },
  },
  alarmPlatformOnExit: {
    bit: 5,
    label: { en: 'Alert the platform on exit', zh: '出区域报警给平台', th: 'แจ้งแพลตฟอร์มเมื่อออก' },
  },
  south: { bit: 6, label: { en: 'South latitude', zh: '南纬', th: 'ละติจูดใต้' } },
  west: { bit: 7, label: { en: 'West longitude', zh: '西经', th: 'ลองจิจูดตะวันตก' } },
  noDoorOpening: { bit: 8, label: { en: 'No door opening', zh: '禁止开门', th: 'ห้ามเปิดประตู' } },
  commsOffInside: {
    bit: 14,
    label: { en: 'Comms module off inside', zh: '进区域关闭通信模块', th: 'ปิดโมดูลสื่อสารในพื้นที่' },
  },
  collectGnssInside: {
    bit: 15,
    label: {
      en: 'Collect detailed GNSS data inside',
      zh: '进区域采集 GNSS 详细定位数据',
      th: 'เก็บข้อมูล GNSS ละเอียดในพื้นที่',
    },
  },
} as const satisfies BitTable;

export type AreaAttributeBitName = keyof typeof AREA_ATTRIBUTE_BITS;

export const AreaAttributeMask = masksOf(AREA_ATTRIBUTE_BITS);

/** Route attribute WORD: the time window and the four alerts, at the area's positions. Bit 1 and 6–15 are reserved. */
export const ROUTE_ATTRIBUTE_BITS = {
  timeWindow: AREA_ATTRIBUTE_BITS.timeWindow,
  alarmDriverOnEntry: AREA_ATTRIBUTE_BITS.alarmDriverOnEntry,
  alarmPlatformOnEntry: AREA_ATTRIBUTE_BITS.alarmPlatformOnEntry,
  alarmDriverOnExit: AREA_ATTRIBUTE_BITS.alarmDriverOnExit,
  alarmPlatformOnExit: AREA_ATTRIBUTE_BITS.alarmPlatformOnExit,
} as const satisfies BitTable;

export type RouteAttributeBitName = keyof typeof ROUTE_ATTRIBUTE_BITS;

export const RouteAttributeMask = masksOf(ROUTE_ATTRIBUTE_BITS);

/** Route segment attribute BYTE (one per turning point of a 0x8606 route). Bits 4–7 are reserved. */
export const ROUTE_SEGMENT_ATTRIBUTE_BITS = {
  /** The too-long and too-short driving times follow. */
  driveTimeLimits: { bit: 0, label: { en: 'Driving time limits', zh: '行驶时间', th: 'จำกัดเวลาขับ' } },
  /** The speed limit and over-speed duration follow. */
  speedLimit: AREA_ATTRIBUTE_BITS.speedLimit,
  south: { bit: 2, label: AREA_ATTRIBUTE_BITS.south.label },
  west: { bit: 3, label: AREA_ATTRIBUTE_BITS.west.label },
} as const satisfies BitTable;

export type RouteSegmentAttributeBitName = keyof typeof ROUTE_SEGMENT_ATTRIBUTE_BITS;

export const RouteSegmentAttributeMask = masksOf(ROUTE_SEGMENT_ATTRIBUTE_BITS);
