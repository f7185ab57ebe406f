import { type BitTable, masksOf } from './bits.ts';

// The vehicle status WORD that T/JSATL 12-2017 §4.5.2 puts in every active-safety alarm item of a 0x0200 report
// (0x64 ADAS, 0x65 DSM, 0x66 TPMS, 0x67 BSD; shared/protocol/jt808-reference.md §10.1): the vehicle's state at
// the moment of the alarm. Not the JT/T 808 status word (terminal-status-bits.ts): other bits, other positions.
// Bits 6–9 and 11–15 are vendor-defined.

export const SAFETY_VEHICLE_STATUS_BITS = {
  accOn: { bit: 0, label: { en: 'ACC on', zh: 'ACC 开', th: 'ACC เปิด' } },
  leftIndicator: { bit: 1, label: { en: 'Left indicator on', zh: '左转向', th: 'ไฟเลี้ยวซ้ายติด' } },
  rightIndicator: { bit: 2, label: { en: 'Right indicator on', zh: '右转向', th: 'ไฟเลี้ยวขวาติด' } },
  wiper: { bit: 3, label: { en: 'Wipers on', zh: '雨刮器开', th: 'ที่ปัดน้ำฝนทำงาน' } },
  brake: { bit: 4, label: { en: 'Braking', zh: '制动', th: 'กำลังเบรก' } },
  /** The driver's qualification card is in the reader. */
  cardInserted: { bit: 5, label: { en: 'Card inserted', zh: '已插卡', th: 'เสียบบัตรแล้ว' } },
  positionFixed: { bit: 10, label: { en: 'Position fixed', zh: '已定位', th: 'จับพิกัดได้' } },
} as const satisfies BitTable;

export type SafetyVehicleStatusBitName = keyof typeof SAFETY_VEHICLE_STATUS_BITS;

export const SafetyVehicleStatusMask = masksOf(SAFETY_VEHICLE_STATUS_BITS);
