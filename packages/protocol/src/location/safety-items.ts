/**
 * T/JSATL 12 §4.5 active-safety alarm items carried in 0x0200: 0x64 ADAS, 0x65 DSM, 0x66 TPMS, 0x67 BSD.
 * The identification length (16 JSATL / 40 GDRTA) is deduced from the item's own length byte.
 */
import type { LocalTime } from '../codec/bcd.ts';
import type { Reader, Writer } from '../codec/bytes.ts';
import { type AlarmIdent, readAlarmIdent, writeAlarmIdent } from './alarm-ident.ts';

/** Fields shared by the four alarm kinds (position block and identification). Lat/lng are raw / 1e6, unsigned. */
export interface SafetyAlarmTail {
  speed: number;
  altitude: number;
  lat: number;
  lng: number;
  time: LocalTime;
  /** @headway/spec SAFETY_VEHICLE_STATUS_BITS (ACC, indicators, wiper, brake, card inserted, position fixed). */
  vehicleStatus: number;
  alarmIdent: AlarmIdent;
}

/** 0x64 ADAS (forward camera) alarm. */
export interface AdasAlarm extends SafetyAlarmTail {
  alarmId: number;
  /** 0 n/a, 1 start, 2 end. */
  flag: number;
  /** 1 forward collision, 2 lane departure, 3 headway, 4 pedestrian, 5 frequent lane change, 6 road sign, 7 obstacle, 0x10 sign recognised, 0x11 active capture. */
  type: number;
  level: number;
  frontSpeed: number;
  /** Unit 100 ms. */
  frontDistance: number;
  /** 1 left, 2 right. */
  deviateType: number;
  roadSignType: number;
  roadSignValue: number;
}

/** 0x65 DSM (driver camera) alarm. */
export interface DsmAlarm extends SafetyAlarmTail {
  alarmId: number;
  flag: number;
  /** 1 fatigue, 2 phone call, 3 smoking, 4 distraction, 5 driver abnormal, 0x10 auto capture, 0x11 driver change. */
  type: number;
  level: number;
  /** 1–10, fatigue alarms only. */
  fatigue: number;
  reserved: Uint8Array;
}

export interface TpmsEvent {
  tyrePosition: number;
  /** Bits: 0 periodic report, 1 high pressure, 2 low pressure, 3 high temperature, 4 sensor fault, 5 imbalance, 6 slow leak, 7 low battery. */
  alarmType: number;
  pressure: number;
  temperature: number;
  battery: number;
}

/** 0x66 tyre-pressure monitoring alarm. */
export interface TpmsAlarm extends SafetyAlarmTail {
  alarmId: number;
  flag: number;
  eventCount: number;
  events: TpmsEvent[];
}

/** 0x67 blind-spot detection alarm. */
export interface BsdAlarm extends SafetyAlarmTail {
  alarmId: number;
  flag: number;
  /** 1 rear approach, 2 left-rear, 3 right-rear. */
  type: number;
}

function readTail(r: Reader, identLen: 16 | 40): SafetyAlarmTail {
  return {
    speed: r.u8(),
    altitude: r.u16(),
    lat: r.u32() / 1e6,
    lng: r.u32() / 1e6,
    time: r.time(),
    vehicleStatus: r.u16(),
    alarmIdent: readAlarmIdent(r, identLen),
  };
}

function writeTail(w: Writer, t: SafetyAlarmTail): void {
  w.u8(t.speed)
    .u16(t.altitude)
    .u32(Math.round(t.lat * 1e6))
    .u32(Math.round(t.lng * 1e6))
    .time(t.time)
    .u16(t.vehicleStatus);
  writeAlarmIdent(w, t.alarmIdent);
}

/** Identification length implied by an item length and the fixed part before it, or undefined. */
function identFor(len: number, fixed: number): 16 | 40 | undefined {
  if (len === fixed + 16) return 16;
  if (len === fixed + 40) return 40;
  return undefined;
}

export function readAdas(r: Reader, len: number): AdasAlarm | undefined {
  const il = identFor(len, 31);
  if (il === undefined) return undefined;
  // Literal fields are evaluated in wire order. The tail is written out here (and in readDsm/readBsd) rather than
  // spread from readTail: spreading measured 15–30% slower per alarm, and this runs per alarm on the hot path.
  return {
    alarmId: r.u32(),
    flag: r.u8(),
    type: r.u8(),
    level: r.u8(),
    frontSpeed: r.u8(),
    frontDistance: r.u8(),
    deviateType: r.u8(),
    roadSignType: r.u8(),
    roadSignValue: r.u8(),
    speed: r.u8(),
    altitude: r.u16(),
    lat: r.u32() / 1e6,
    lng: r.u32() / 1e6,
    time: r.time(),
    vehicleStatus: r.u16(),
    alarmIdent: readAlarmIdent(r, il),
  };
}

export function writeAdas(w: Writer, a: AdasAlarm): void {
  w.u32(a.alarmId).u8(a.flag).u8(a.type).u8(a.level).u8(a.frontSpeed).u8(a.frontDistance);
  w.u8(a.deviateType).u8(a.roadSignType).u8(a.roadSignValue);
  writeTail(w, a);
}

export function readDsm(r: Reader, len: number): DsmAlarm | undefined {
  const il = identFor(len, 31);
  if (il === undefined) return undefined;
  return {
    alarmId: r.u32(),
    flag: r.u8(),
    type: r.u8(),
    level: r.u8(),
    fatigue: r.u8(),
    reserved: r.bytes(4),
    speed: r.u8(),
    altitude: r.u16(),
    lat: r.u32() / 1e6,
    lng: r.u32() / 1e6,
    time: r.time(),
    vehicleStatus: r.u16(),
    alarmIdent: readAlarmIdent(r, il),
  };
}

export function writeDsm(w: Writer, a: DsmAlarm): void {
  w.u32(a.alarmId).u8(a.flag).u8(a.type).u8(a.level).u8(a.fatigue).fixed(a.reserved, 4);
  writeTail(w, a);
}

export function readTpms(r: Reader, len: number): TpmsAlarm | undefined {
  // 24 fixed bytes + identification + count BYTE + 9 bytes per event; try both identification lengths.
  const start = r.pos;
  let il: 16 | 40 | undefined;
  for (const cand of [16, 40] as const) {
    const countAt = start + 24 + cand;
    if (countAt < start + len && len === 25 + cand + r.buf[countAt]! * 9) il = cand;
  }
  if (il === undefined) return undefined;
  const alarmId = r.u32();
  const flag = r.u8();
  const tail = readTail(r, il);
  const eventCount = r.u8();
  const events: TpmsEvent[] = [];
  for (let i = 0; i < eventCount; i++) {
    events.push({
      tyrePosition: r.u8(),
      alarmType: r.u16(),
      pressure: r.u16(),
      temperature: r.u16(),
      battery: r.u16(),
    });
  }
  return { alarmId, flag, ...tail, eventCount, events };
}

export function writeTpms(w: Writer, a: TpmsAlarm): void {
  w.u32(a.alarmId).u8(a.flag);
  writeTail(w, a);
  w.u8(a.events.length);
  for (const e of a.events) w.u8(e.tyrePosition).u16(e.alarmType).u16(e.pressure).u16(e.temperature).u16(e.battery);
}

export function readBsd(r: Reader, len: number): BsdAlarm | undefined {
  const il = identFor(len, 25);
  if (il === undefined) return undefined;
  return {
    alarmId: r.u32(),
    flag: r.u8(),
    type: r.u8(),
    speed: r.u8(),
    altitude: r.u16(),
    lat: r.u32() / 1e6,
    lng: r.u32() / 1e6,
    time: r.time(),
    vehicleStatus: r.u16(),
    alarmIdent: readAlarmIdent(r, il),
  };
}

export function writeBsd(w: Writer, a: BsdAlarm): void {
  w.u32(a.alarmId).u8(a.flag).u8(a.type);
  writeTail(w, a);
}
