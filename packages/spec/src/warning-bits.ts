import { type BitDef, masksOf } from './bits.ts';

// The warning word: the JT/T 808 alarm word of a 0x0200 report (JT/T 808-2013 table 24 with the 2019
// redefinitions; shared/protocol/jt808-reference.md §5.2), which the platform keeps as is in real_data `w` and
// track point `warning` (product spec section 4, "Warning bits": the same positions). All 32 bits are named.
//
// Names: the product spec's words where it names the bit (SOS, speeding, power cut, speed warning, long parking,
// route deviation, collision, rollover; its "tired" and "dangerous" as fatigue and danger), the standard's
// otherwise.

export interface WarningBitDef extends BitDef {
  /**
   * The terminal clears the bit only after the platform acknowledges the report (0x8001, or 0x8203 manual
   * confirmation); the other bits stay set while the condition lasts.
   */
  readonly ackClear?: true;
}

export const WARNING_BITS = {
  sos: { bit: 0, ackClear: true, label: { en: 'SOS', zh: '紧急报警', th: 'ฉุกเฉิน (SOS)' } },
  speeding: { bit: 1, label: { en: 'Speeding', zh: '超速', th: 'ขับเร็วเกินกำหนด' } },
  fatigue: { bit: 2, label: { en: 'Fatigue driving', zh: '疲劳驾驶', th: 'ขับขี่เหนื่อยล้า' } },
  /** 2013: danger pre-warning (ack-clear); 2019: dangerous-driving-behaviour alarm, held while it lasts. */
  danger: { bit: 3, label: { en: 'Danger warning', zh: '危险预警', th: 'เตือนอันตราย' } },
  gnssFault: { bit: 4, label: { en: 'GNSS fault', zh: 'GNSS 模块故障', th: 'โมดูล GNSS ขัดข้อง' } },
  gnssAntennaOpen: { bit: 5, label: { en: 'GNSS antenna cut', zh: 'GNSS 天线未接', th: 'เสาอากาศ GNSS หลุด' } },
  gnssAntennaShort: {
    bit: 6,
    label: { en: 'GNSS antenna short', zh: 'GNSS 天线短路', th: 'เสาอากาศ GNSS ลัดวงจร' },
  },
  powerUndervoltage: {
    bit: 7,
    label: { en: 'Main power low voltage', zh: '主电源欠压', th: 'แรงดันไฟหลักต่ำ' },
  },
  powerCut: { bit: 8, label: { en: 'Power cut', zh: '主电源掉电', th: 'ไฟหลักดับ' } },
  displayFault: { bit: 9, label: { en: 'Display fault', zh: '显示器故障', th: 'จอแสดงผลขัดข้อง' } },
  ttsFault: { bit: 10, label: { en: 'TTS fault', zh: 'TTS 模块故障', th: 'โมดูล TTS ขัดข้อง' } },
  cameraFault: { bit: 11, label: { en: 'Camera fault', zh: '摄像头故障', th: 'กล้องขัดข้อง' } },
  icCardFault: {
    bit: 12,
    label: { en: 'IC card reader fault', zh: 'IC 卡模块故障', th: 'เครื่องอ่านบัตร IC ขัดข้อง' },
  },
  speedWarning: { bit: 13, label: { en: 'Speed warning', zh: '超速预警', th: 'เตือนความเร็ว' } },
  fatigueWarning: { bit: 14, label: { en: 'Fatigue warning', zh: '疲劳驾驶预警', th: 'เตือนความเหนื่อยล้า' } },
  /** 2019 only (reserved in 2013). */
  illegalDrivingTime: {
    bit: 15,
    label: { en: 'Driving in a forbidden period', zh: '违规行驶', th: 'ขับในช่วงเวลาต้องห้าม' },
  },
  /** 2019 only. */
  tyrePressureWarning: { bit: 16, label: { en: 'Tyre pressure warning', zh: '胎压预警', th: 'เตือนแรงดันลมยาง' } },
  /** 2019 only. */
  rightTurnBlindZone: {
    bit: 17,
    label: { en: 'Right-turn blind zone', zh: '右转盲区异常', th: 'จุดบอดเลี้ยวขวาผิดปกติ' },
  },
  dailyDrivingTimeout: {
    bit: 18,
    label: { en: 'Daily driving time exceeded', zh: '当天累计驾驶超时', th: 'ขับเกินเวลาสะสมของวัน' },
  },
  longParking: { bit: 19, label: { en: 'Long parking', zh: '超时停车', th: 'จอดนานเกินกำหนด' } },
  areaInOut: { bit: 20, ackClear: true, label: { en: 'Area in/out', zh: '进出区域', th: 'เข้า/ออกพื้นที่' } },
  routeInOut: { bit: 21, ackClear: true, label: { en: 'Route in/out', zh: '进出路线', th: 'เข้า/ออกเส้นทาง' } },
  segmentDriveTime: {
    bit: 22,
    ackClear: true,
    label: { en: 'Segment driving time', zh: '路段行驶时间不足/过长', th: 'เวลาขับช่วงถนนผิดเกณฑ์' },
  },
  routeDeviation: { bit: 23, label: { en: 'Route deviation', zh: '路线偏离', th: 'ออกนอกเส้นทาง' } },
  vssFault: { bit: 24, label: { en: 'VSS fault', zh: 'VSS 故障', th: 'VSS ขัดข้อง' } },
  fuelAbnormal: { bit: 25, label: { en: 'Fuel abnormal', zh: '油量异常', th: 'น้ำมันผิดปกติ' } },
  stolen: { bit: 26, label: { en: 'Vehicle stolen', zh: '车辆被盗', th: 'รถถูกขโมย' } },
  illegalIgnition: {
    bit: 27,
    ackClear: true,
    label: { en: 'Illegal ignition', zh: '非法点火', th: 'ติดเครื่องโดยไม่ได้รับอนุญาต' },
  },
  illegalDisplacement: {
    bit: 28,
    ackClear: true,
    label: { en: 'Illegal displacement', zh: '非法位移', th: 'เคลื่อนย้ายโดยไม่ได้รับอนุญาต' },
  },
  /** 2013: collision pre-warning; 2019: collision / rollover alarm. */
  collision: { bit: 29, label: { en: 'Collision', zh: '碰撞', th: 'ชน' } },
  rollover: { bit: 30, label: { en: 'Rollover', zh: '侧翻', th: 'พลิกคว่ำ' } },
  /** 2013 only (reserved in 2019); only when areas are set. */
  illegalDoorOpen: {
    bit: 31,
    ackClear: true,
    label: { en: 'Illegal door opening', zh: '非法开门', th: 'เปิดประตูโดยไม่ได้รับอนุญาต' },
  },
} as const satisfies { readonly [name: string]: WarningBitDef };

export type WarningBitName = keyof typeof WARNING_BITS;

export const WarningMask = masksOf(WARNING_BITS);
