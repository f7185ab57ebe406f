/**
 * 0x0200 alarm and status bits as named booleans (JT/T 808-2013 tables 24/25, 2019 redefinitions noted).
 * The names and positions are @headway/spec's (WARNING_BITS, TERMINAL_STATUS_BITS); this file only expands and
 * builds the words. The decoder keeps the raw DWORDs; these helpers (and the decode option `flags`) expand them on
 * demand so the hot path does not allocate two 30-field objects per position.
 */
import {
  TERMINAL_LOAD,
  TERMINAL_STATUS_BITS,
  type TerminalStatusBitName,
  terminalLoad,
  WARNING_BITS,
  type WarningBitName,
} from '@headway/spec';

export type AlarmFlags = { [K in WarningBitName]: boolean };
export type StatusFlags = { [K in TerminalStatusBitName]: boolean } & {
  /** Bits 8–9: 0 empty, 1 half, 2 reserved, 3 full. */
  load: number;
};

const ALARM_ENTRIES = Object.entries(WARNING_BITS).map(([name, def]) => [name, def.bit]) as [WarningBitName, number][];
const STATUS_ENTRIES = Object.entries(TERMINAL_STATUS_BITS).map(([name, def]) => [name, def.bit]) as [
  TerminalStatusBitName,
  number,
][];

export function alarmFlags(alarm: number): AlarmFlags {
  const out = {} as AlarmFlags;
  for (const [name, bit] of ALARM_ENTRIES) out[name] = ((alarm >>> bit) & 1) === 1;
  return out;
}

export function statusFlags(status: number): StatusFlags {
  const out = { load: terminalLoad(status) } as StatusFlags;
  for (const [name, bit] of STATUS_ENTRIES) out[name] = ((status >>> bit) & 1) === 1;
  return out;
}

/** Builds an alarm DWORD from named flags (for simulators and tests). */
export function alarmWord(flags: Partial<AlarmFlags>): number {
  let v = 0;
  for (const [name, bit] of ALARM_ENTRIES) if (flags[name]) v |= 1 << bit;
  return v >>> 0;
}

/** Builds a status DWORD from named flags. */
export function statusWord(flags: Partial<StatusFlags>): number {
  let v = ((flags.load ?? 0) & TERMINAL_LOAD.mask) << TERMINAL_LOAD.shift;
  for (const [name, bit] of STATUS_ENTRIES) if (flags[name]) v |= 1 << bit;
  return v >>> 0;
}

/** 0x8300 text flag bits (reference §6). 2019 packs the kind into bits 0–1. */
export interface TextFlags {
  /** 2013 bit 0. */
  emergency: boolean;
  /** 2019 bits 0–1: 1 service, 2 emergency, 3 notice (0 in 2013 terms). */
  kind2019: number;
  display: boolean;
  tts: boolean;
  /** 2013 bit 4: show on the advertising screen (reserved in 2019). */
  advertScreen: boolean;
  /** Bit 5: 0 navigation information, 1 CAN fault code. */
  canFaultCode: boolean;
}

export function textFlags(flag: number): TextFlags {
  return {
    emergency: (flag & 1) === 1,
    kind2019: flag & 3,
    display: (flag & 4) !== 0,
    tts: (flag & 8) !== 0,
    advertScreen: (flag & 16) !== 0,
    canFaultCode: (flag & 32) !== 0,
  };
}
