/**
 * 0x0200 alarm and status bits (JT/T 808-2013 tables 24/25, 2019 redefinitions noted) and 0x8300 text flags as
 * named booleans.
 * The names and positions are @headway/spec's (WARNING_BITS, TERMINAL_STATUS_BITS, TEXT_FLAG_BITS); this file only
 * expands and builds the words. The decoder keeps the raw DWORDs; these helpers (and the decode option `flags`) expand them on
 * demand so the hot path does not allocate two 30-field objects per position.
 */
import {
  TERMINAL_LOAD,
  TERMINAL_STATUS_BITS,
  TEXT_FLAG_BITS,
  type TerminalStatusBitName,
  type TextFlagBitName,
  terminalLoad,
  textKind2019,
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

/**
 * 0x8300 text flag bits as named booleans (reference §6); names and positions are @headway/spec's TEXT_FLAG_BITS,
 * the 2019 kind field its TEXT_KIND_2019.
 */
export type TextFlags = { [K in TextFlagBitName]: boolean } & {
  /** 2019 bits 0–1: 1 service, 2 emergency, 3 notice (0 in 2013 terms). */
  kind2019: number;
};

const TEXT_ENTRIES = Object.entries(TEXT_FLAG_BITS).map(([name, def]) => [name, def.bit]) as [
  TextFlagBitName,
  number,
][];

export function textFlags(flag: number): TextFlags {
  const out = { kind2019: textKind2019(flag) } as TextFlags;
  for (const [name, bit] of TEXT_ENTRIES) out[name] = ((flag >>> bit) & 1) === 1;
  return out;
}
