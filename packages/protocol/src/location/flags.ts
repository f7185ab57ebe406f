/**
 * 0x0200 alarm and status bits as named booleans (JT/T 808-2013 tables 24/25, 2019 redefinitions noted).
 * The decoder keeps the raw DWORDs; these helpers (and the decode option `flags`) expand them on demand so the hot
 * path does not allocate two 30-field objects per position.
 */

/** Alarm DWORD bit positions (reference §5.2). Names follow the 2013 text; 2019 meanings noted. */
export const AlarmBit = {
  emergency: 0,
  overspeed: 1,
  fatigue: 2,
  /** 2013: danger pre-warning; 2019: dangerous-driving-behaviour alarm. */
  danger: 3,
  gnssFault: 4,
  gnssAntennaOpen: 5,
  gnssAntennaShort: 6,
  powerUndervoltage: 7,
  powerLost: 8,
  displayFault: 9,
  ttsFault: 10,
  cameraFault: 11,
  icCardFault: 12,
  overspeedWarning: 13,
  fatigueWarning: 14,
  /** 2019 only (reserved in 2013). */
  illegalDrivingTime: 15,
  /** 2019 only. */
  tyrePressureWarning: 16,
  /** 2019 only. */
  rightTurnBlindZone: 17,
  dailyDrivingTimeout: 18,
  parkingTimeout: 19,
  areaInOut: 20,
  routeInOut: 21,
  segmentDriveTime: 22,
  routeDeviation: 23,
  vssFault: 24,
  fuelAbnormal: 25,
  stolen: 26,
  illegalIgnition: 27,
  illegalDisplacement: 28,
  /** 2013: collision pre-warning; 2019: collision / rollover alarm. */
  collision: 29,
  rollover: 30,
  /** 2013 only (reserved in 2019). */
  illegalDoorOpen: 31,
} as const;

export type AlarmName = keyof typeof AlarmBit;
export type AlarmFlags = { [K in AlarmName]: boolean };

/** Status DWORD bit positions (reference §5.3). Bits 8–9 (load) are a 2-bit field, see `StatusFlags.load`. */
export const StatusBit = {
  accOn: 0,
  positioned: 1,
  south: 2,
  west: 3,
  outOfService: 4,
  coordinatesEncrypted: 5,
  /** 2019: AEB forward-collision warning. */
  aebWarning: 6,
  /** 2019: lane-departure warning. */
  laneDepartureWarning: 7,
  fuelCut: 10,
  circuitCut: 11,
  doorsLocked: 12,
  /** Bus doors: 1 front, 2 middle, 3 rear, 4 driver, 5 custom. */
  door1Open: 13,
  door2Open: 14,
  door3Open: 15,
  door4Open: 16,
  door5Open: 17,
  gps: 18,
  beidou: 19,
  glonass: 20,
  galileo: 21,
  /** 2019: vehicle moving (0 = stopped). */
  moving: 22,
} as const;

export type StatusName = keyof typeof StatusBit;
export type StatusFlags = { [K in StatusName]: boolean } & {
  /** Bits 8–9: 0 empty, 1 half, 2 reserved, 3 full. */
  load: number;
};

const ALARM_ENTRIES = Object.entries(AlarmBit) as [AlarmName, number][];
const STATUS_ENTRIES = Object.entries(StatusBit) as [StatusName, number][];

export function alarmFlags(alarm: number): AlarmFlags {
  const out = {} as AlarmFlags;
  for (const [name, bit] of ALARM_ENTRIES) out[name] = ((alarm >>> bit) & 1) === 1;
  return out;
}

export function statusFlags(status: number): StatusFlags {
  const out = { load: (status >>> 8) & 3 } as StatusFlags;
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
  let v = ((flags.load ?? 0) & 3) << 8;
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
