import type { AdasAlarm, AlarmIdent, BsdAlarm, DsmAlarm, LocationItem, TpmsEvent } from '@headway/protocol';
import { epochToLocalTime } from '@headway/protocol';

// T/JSATL12 items as a terminal sends them, for tests and benches (times are the terminal's GMT+8 local time).

export interface IdentInput {
  terminalId?: string;
  /** Epoch seconds of the identification (the alarm's second). */
  time: number;
  seq?: number;
  attachments?: number;
}

export function alarmIdent(i: IdentInput): AlarmIdent {
  return {
    terminalId: i.terminalId ?? 'T000001',
    time: epochToLocalTime(i.time, 480),
    seq: i.seq ?? 0,
    attachmentCount: i.attachments ?? 0,
    reserved: new Uint8Array(1),
  };
}

interface Common {
  alarmId: number;
  /** 0 event (no duration), 1 start, 2 end. */
  flag: number;
  time: number;
  lat?: number;
  lng?: number;
  speed?: number;
  ident?: Partial<IdentInput>;
}

function tail(c: Common) {
  return {
    speed: c.speed ?? 40,
    altitude: 10,
    lat: c.lat ?? 22.543,
    lng: c.lng ?? 114.057,
    time: epochToLocalTime(c.time, 480),
    vehicleStatus: 1,
    alarmIdent: alarmIdent({ time: c.time, ...c.ident }),
  };
}

export function adasItem(c: Common & { type: number; level?: number }): LocationItem {
  const adas: AdasAlarm = {
    alarmId: c.alarmId,
    flag: c.flag,
    type: c.type,
    level: c.level ?? 1,
    frontSpeed: 30,
    frontDistance: 12,
    deviateType: 0,
    roadSignType: 0,
    roadSignValue: 0,
    ...tail(c),
  };
  return { id: 0x64, adas };
}

export function dsmItem(c: Common & { type: number; level?: number }): LocationItem {
  const dsm: DsmAlarm = {
    alarmId: c.alarmId,
    flag: c.flag,
    type: c.type,
    level: c.level ?? 1,
    fatigue: c.type === 1 ? 5 : 0,
    reserved: new Uint8Array(4),
    ...tail(c),
  };
  return { id: 0x65, dsm };
}

export function tpmsItem(c: Common & { events: Partial<TpmsEvent>[] }): LocationItem {
  const events = c.events.map((e) => ({
    tyrePosition: e.tyrePosition ?? 0,
    alarmType: e.alarmType ?? 0,
    pressure: e.pressure ?? 800,
    temperature: e.temperature ?? 40,
    battery: e.battery ?? 90,
  }));
  return { id: 0x66, tpms: { alarmId: c.alarmId, flag: c.flag, ...tail(c), eventCount: events.length, events } };
}

export function bsdItem(c: Common & { type: number }): LocationItem {
  const bsd: BsdAlarm = { alarmId: c.alarmId, flag: c.flag, type: c.type, ...tail(c) };
  return { id: 0x67, bsd };
}
