import { type BitTable, masksOf } from './bits.ts';

// The three attribute fields of a 0x0107 answer to "query terminal attributes" (JT/T 808-2013 §8.14 table 20,
// 2019 §8.15; shared/protocol/jt808-reference.md §4.2): what kind of vehicle the terminal is made for, which
// satellite systems its GNSS module receives, and which networks its communication module speaks.

/** Terminal type WORD. Bits 4–5 and 9–15 are reserved. */
export const TERMINAL_TYPE_BITS = {
  passenger: { bit: 0, label: { en: 'Passenger vehicle', zh: '适用客运车辆', th: 'รถโดยสาร' } },
  dangerousGoods: { bit: 1, label: { en: 'Dangerous goods vehicle', zh: '适用危险品车辆', th: 'รถขนสินค้าอันตราย' } },
  freight: { bit: 2, label: { en: 'Freight vehicle', zh: '适用普通货运车辆', th: 'รถขนส่งสินค้า' } },
  taxi: { bit: 3, label: { en: 'Taxi', zh: '适用出租车辆', th: 'รถแท็กซี่' } },
  hddRecording: {
    bit: 6,
    label: { en: 'Records to hard disk', zh: '支持硬盘录像', th: 'บันทึกวิดีโอลงฮาร์ดดิสก์' },
  },
  /** 0 = one-piece unit. */
  splitUnit: { bit: 7, label: { en: 'Split unit', zh: '分体机', th: 'เครื่องแบบแยกส่วน' } },
  /** 2019 only. */
  trailer: { bit: 8, label: { en: 'Trailer', zh: '适用挂车', th: 'รถพ่วง' } },
} as const satisfies BitTable;

export type TerminalTypeBitName = keyof typeof TERMINAL_TYPE_BITS;

export const TerminalTypeMask = masksOf(TERMINAL_TYPE_BITS);

/** GNSS module attribute BYTE: the systems it supports. Bits 4–7 are reserved. */
export const GNSS_MODULE_BITS = {
  gps: { bit: 0, label: { en: 'GPS', zh: 'GPS', th: 'GPS' } },
  bds: { bit: 1, label: { en: 'BDS', zh: '北斗', th: 'BDS' } },
  glonass: { bit: 2, label: { en: 'GLONASS', zh: 'GLONASS', th: 'GLONASS' } },
  galileo: { bit: 3, label: { en: 'Galileo', zh: 'Galileo', th: 'Galileo' } },
} as const satisfies BitTable;

export type GnssModuleBitName = keyof typeof GNSS_MODULE_BITS;

export const GnssModuleMask = masksOf(GNSS_MODULE_BITS);

/** Communication module attribute BYTE: the networks it supports. Bit 6 is reserved. */
export const COMM_MODULE_BITS = {
  gprs: { bit: 0, label: { en: 'GPRS', zh: 'GPRS', th: 'GPRS' } },
  cdma: { bit: 1, label: { en: 'CDMA', zh: 'CDMA', th: 'CDMA' } },
  tdScdma: { bit: 2, label: { en: 'TD-SCDMA', zh: 'TD-SCDMA', th: 'TD-SCDMA' } },
  wcdma: { bit: 3, label: { en: 'WCDMA', zh: 'WCDMA', th: 'WCDMA' } },
  cdma2000: { bit: 4, label: { en: 'CDMA2000', zh: 'CDMA2000', th: 'CDMA2000' } },
  tdLte: { bit: 5, label: { en: 'TD-LTE', zh: 'TD-LTE', th: 'TD-LTE' } },
  other: { bit: 7, label: { en: 'Other network', zh: '其他通信方式', th: 'เครือข่ายอื่น' } },
} as const satisfies BitTable;

export type CommModuleBitName = keyof typeof COMM_MODULE_BITS;

export const CommModuleMask = masksOf(COMM_MODULE_BITS);
