import { type BitTable, masksOf } from './bits.ts';

// The JT/T 808 status word of a 0x0200 location report (JT/T 808-2013 table 25 with the 2019 additions;
// shared/protocol/jt808-reference.md §5.3), as the terminal sends it. The platform's own state word
// (real_data `s`, state-bits.ts) copies some of these bits by position and adds its own.
// Bits 8–9 are a 2-bit field (load), not flags: see TERMINAL_LOAD. Bits 23–31 are reserved.

export const TERMINAL_STATUS_BITS = {
  accOn: { bit: 0, label: { en: 'ACC on', zh: 'ACC 开', th: 'ACC เปิด' } },
  /** Standard: positioned (定位). The platform's state word copies this bit (state-bits.ts), as the others it shares. */
  gpsValid: { bit: 1, label: { en: 'GPS fixed', zh: '已定位', th: 'จับพิกัดได้' } },
  south: { bit: 2, label: { en: 'South latitude', zh: '南纬', th: 'ละติจูดใต้' } },
  west: { bit: 3, label: { en: 'West longitude', zh: '西经', th: 'ลองจิจูดตะวันตก' } },
  outOfService: { bit: 4, label: { en: 'Out of service', zh: '停运', th: 'งดให้บริการ' } },
  coordinatesEncrypted: {
    bit: 5,
    label: { en: 'Coordinates encrypted', zh: '经纬度已加密', th: 'พิกัดถูกเข้ารหัส' },
  },
  /** 2019 only. */
  aebWarning: {
    bit: 6,
    label: { en: 'Forward collision warning (AEB)', zh: '紧急刹车系统前撞预警', th: 'เตือนชนด้านหน้า (AEB)' },
  },
  /** 2019 only. */
  laneDepartureWarning: { bit: 7, label: { en: 'Lane departure warning', zh: '车道偏移预警', th: 'เตือนออกนอกช่องทาง' } },
  fuelCut: { bit: 10, label: { en: 'Fuel circuit cut', zh: '油路断开', th: 'ตัดวงจรน้ำมัน' } },
  circuitCut: { bit: 11, label: { en: 'Electric circuit cut', zh: '电路断开', th: 'ตัดวงจรไฟฟ้า' } },
  doorsLocked: { bit: 12, label: { en: 'Doors locked', zh: '车门加锁', th: 'ล็อกประตู' } },
  /** Bus doors: 1 front, 2 middle, 3 rear, 4 driver, 5 custom. */
  door1Open: { bit: 13, label: { en: 'Door 1 open', zh: '前门开', th: 'ประตู 1 เปิด' } },
  door2Open: { bit: 14, label: { en: 'Door 2 open', zh: '中门开', th: 'ประตู 2 เปิด' } },
  door3Open: { bit: 15, label: { en: 'Door 3 open', zh: '后门开', th: 'ประตู 3 เปิด' } },
  door4Open: { bit: 16, label: { en: 'Door 4 open', zh: '驾驶席门开', th: 'ประตู 4 เปิด' } },
  door5Open: { bit: 17, label: { en: 'Door 5 open', zh: '自定义门开', th: 'ประตู 5 เปิด' } },
  gps: { bit: 18, label: { en: 'GPS', zh: 'GPS', th: 'GPS' } },
  bds: { bit: 19, label: { en: 'BDS', zh: '北斗', th: 'BDS' } },
  glonass: { bit: 20, label: { en: 'GLONASS', zh: 'GLONASS', th: 'GLONASS' } },
  galileo: { bit: 21, label: { en: 'Galileo', zh: 'Galileo', th: 'Galileo' } },
  /** 2019 only: vehicle moving (0 = stopped). */
  moving: { bit: 22, label: { en: 'Moving', zh: '车辆行驶', th: 'กำลังเคลื่อนที่' } },
} as const satisfies BitTable;

export type TerminalStatusBitName = keyof typeof TERMINAL_STATUS_BITS;

export const TerminalStatusMask = masksOf(TERMINAL_STATUS_BITS);

/** Bits 8–9 of the status word: the load, 0 empty, 1 half, 2 reserved, 3 full. */
export const TERMINAL_LOAD = {
  shift: 8,
  mask: 0b11,
  values: {
    0: { en: 'Empty', zh: '空车', th: 'รถว่าง' },
    1: { en: 'Half load', zh: '半载', th: 'บรรทุกครึ่งหนึ่ง' },
    2: { en: 'Reserved', zh: '保留', th: 'สงวนไว้' },
    3: { en: 'Full load', zh: '满载', th: 'บรรทุกเต็ม' },
  },
} as const;

/** The load field (0–3) of a status word. */
export function terminalLoad(status: number): 0 | 1 | 2 | 3 {
  return ((status >>> TERMINAL_LOAD.shift) & TERMINAL_LOAD.mask) as 0 | 1 | 2 | 3;
}
