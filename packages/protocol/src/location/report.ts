import type { LocalTime } from '../codec/bcd.ts';
import { readBcdTime } from '../codec/bcd.ts';
import type { Reader, Writer } from '../codec/bytes.ts';
import { type AlarmFlags, alarmFlags, type StatusFlags, statusFlags } from './flags.ts';
import { type LocationItem, readItems, writeItems } from './items.ts';

/**
 * The 28-byte basic location block of 0x0200 (JT/T 808 §8.18 table 23), shared by 0x0201, 0x0704 and 0x0801.
 * Raw wire integers are authoritative (`latRaw`, `speedRaw`, …); `lat`/`lng`/`speedKmh` are conveniences and
 * are ignored by the encoder.
 */
export interface LocationBasic {
  /** Alarm DWORD (§5.2); expand with `alarmFlags()`. */
  alarmFlags: number;
  /** Status DWORD (§5.3); expand with `statusFlags()`. */
  status: number;
  /** Degrees × 10^6, unsigned as on the wire. */
  latRaw: number;
  lngRaw: number;
  /** Signed degrees: negative when status bit 2 (south) / bit 3 (west) is set. */
  lat: number;
  lng: number;
  south: boolean;
  west: boolean;
  /** Metres. */
  altitude: number;
  /** 1/10 km/h. */
  speedRaw: number;
  speedKmh: number;
  /** Heading 0–359, 0 = north, clockwise. */
  direction: number;
  /** Terminal local time (GMT+8 by the standard); convert with `localTimeToEpoch`. */
  time: LocalTime;
}

export interface LocationReport extends LocationBasic {
  /** Additional items in wire order; duplicates kept. */
  items: LocationItem[];
  /** Named alarm bits — only filled when decoding with `{ flags: true }`. */
  alarms?: AlarmFlags;
  /** Named status bits — only filled when decoding with `{ flags: true }`. */
  states?: StatusFlags;
}

export function readBasic(r: Reader): LocationBasic {
  r.need(28);
  const b = r.buf;
  const p = r.pos;
  r.pos = p + 28;
  const alarm = ((b[p]! << 24) >>> 0) + ((b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!);
  const status = ((b[p + 4]! << 24) >>> 0) + ((b[p + 5]! << 16) | (b[p + 6]! << 8) | b[p + 7]!);
  const latRaw = ((b[p + 8]! << 24) >>> 0) + ((b[p + 9]! << 16) | (b[p + 10]! << 8) | b[p + 11]!);
  const lngRaw = ((b[p + 12]! << 24) >>> 0) + ((b[p + 13]! << 16) | (b[p + 14]! << 8) | b[p + 15]!);
  const speedRaw = (b[p + 18]! << 8) | b[p + 19]!;
  const south = (status & 4) !== 0;
  const west = (status & 8) !== 0;
  return {
    alarmFlags: alarm,
    status,
    latRaw,
    lngRaw,
    lat: south ? -latRaw / 1e6 : latRaw / 1e6,
    lng: west ? -lngRaw / 1e6 : lngRaw / 1e6,
    south,
    west,
    altitude: (b[p + 16]! << 8) | b[p + 17]!,
    speedRaw,
    speedKmh: speedRaw / 10,
    direction: (b[p + 20]! << 8) | b[p + 21]!,
    time: readBcdTime(b, p + 22),
  };
}

export function readReport(r: Reader, flags: boolean): LocationReport {
  const basic = readBasic(r) as LocationReport;
  basic.items = readItems(r);
  if (flags) {
    basic.alarms = alarmFlags(basic.alarmFlags);
    basic.states = statusFlags(basic.status);
  }
  return basic;
}

export function writeBasic(w: Writer, l: LocationBasic): void {
  w.u32(l.alarmFlags)
    .u32(l.status)
    .u32(l.latRaw)
    .u32(l.lngRaw)
    .u16(l.altitude)
    .u16(l.speedRaw)
    .u16(l.direction)
    .time(l.time);
}

export function writeReport(w: Writer, l: LocationReport): void {
  writeBasic(w, l);
  writeItems(w, l.items);
}

/** Input for `makeLocation`: friendly units; raw fields and hemisphere bits are derived. */
export interface LocationInput {
  lat: number;
  lng: number;
  speedKmh?: number;
  altitude?: number;
  direction?: number;
  time: LocalTime;
  alarmFlags?: number;
  status?: number;
  items?: LocationItem[];
}

/** Builds a consistent LocationReport from signed degrees (sets status bits 2/3 from the signs). */
export function makeLocation(input: LocationInput): LocationReport {
  const south = input.lat < 0;
  const west = input.lng < 0;
  let status = (input.status ?? 0) & ~0xc;
  if (south) status |= 4;
  if (west) status |= 8;
  const latRaw = Math.round(Math.abs(input.lat) * 1e6);
  const lngRaw = Math.round(Math.abs(input.lng) * 1e6);
  const speedRaw = Math.round((input.speedKmh ?? 0) * 10);
  return {
    alarmFlags: (input.alarmFlags ?? 0) >>> 0,
    status: status >>> 0,
    latRaw,
    lngRaw,
    lat: south ? -latRaw / 1e6 : latRaw / 1e6,
    lng: west ? -lngRaw / 1e6 : lngRaw / 1e6,
    south,
    west,
    altitude: input.altitude ?? 0,
    speedRaw,
    speedKmh: speedRaw / 10,
    direction: input.direction ?? 0,
    time: input.time,
    items: input.items ?? [],
  };
}
