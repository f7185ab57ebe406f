import { type BitTable, masksOf, wordOf } from './bits.ts';
import { TERMINAL_STATUS_BITS, TerminalStatusMask } from './terminal-status-bits.ts';

// The platform's state word: real_data `s`, track point `state`, station event `state` (product spec section 4,
// "State flag bits"). It is not the terminal's status word: bits 0, 1, 13–15 and 18–21 mean the same and sit at
// the same positions (the platform copies them, so their entries are the terminal table's), the rest are the
// platform's own (online, running, deviation…).

export const STATE_BITS = {
  accOn: TERMINAL_STATUS_BITS.accOn,
  gpsValid: TERMINAL_STATUS_BITS.gpsValid,
  online: { bit: 4, label: { en: 'Online', zh: '在线', th: 'ออนไลน์' } },
  running: { bit: 5, label: { en: 'Running', zh: '行驶', th: 'กำลังวิ่ง' } },
  /** Set by route progress while the vehicle is off its line (with warning bit routeDeviation). */
  deviation: { bit: 7, label: { en: 'Deviating', zh: '偏线', th: 'ออกนอกเส้นทาง' } },
  powerSupply: { bit: 8, label: { en: 'Power supply', zh: '外部供电', th: 'ไฟเลี้ยงภายนอก' } },
  outOfService: { bit: 9, label: { en: 'Out of service', zh: '停运', th: 'งดให้บริการ' } },
  door1Open: TERMINAL_STATUS_BITS.door1Open,
  door2Open: TERMINAL_STATUS_BITS.door2Open,
  door3Open: TERMINAL_STATUS_BITS.door3Open,
  gps: TERMINAL_STATUS_BITS.gps,
  bds: TERMINAL_STATUS_BITS.bds,
  glonass: TERMINAL_STATUS_BITS.glonass,
  galileo: TERMINAL_STATUS_BITS.galileo,
  /** A report sent again after a blind area (JT/T 808 0x0704 batch or resend). */
  resend: { bit: 22, label: { en: 'Resent', zh: '补传', th: 'ส่งซ้ำ' } },
} as const satisfies BitTable;

export type StateBitName = keyof typeof STATE_BITS;

export const StateMask = masksOf(STATE_BITS);

/** The bits the platform copies from the terminal's status word, by position: the entries the tables share. */
export const STATE_BITS_FROM_TERMINAL = wordOf(
  STATE_BITS,
  (Object.keys(STATE_BITS) as StateBitName[]).filter(
    (name) => TERMINAL_STATUS_BITS[name as keyof typeof TERMINAL_STATUS_BITS] === STATE_BITS[name],
  ),
);

/**
 * The platform state word of a fresh fix: the shared bits copied, online set (the fix just arrived), running
 * when the speed is above zero, out of service from the terminal's bit 4. Route progress adds deviation later.
 */
export function stateFromTerminal(status: number, speedKmh: number): number {
  let state = (status & STATE_BITS_FROM_TERMINAL) | StateMask.online;
  if (speedKmh > 0) state |= StateMask.running;
  if (status & TerminalStatusMask.outOfService) state |= StateMask.outOfService;
  return state >>> 0;
}
