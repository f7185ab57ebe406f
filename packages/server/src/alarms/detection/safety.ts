import {
  type AdasAlarm,
  type AlarmIdent,
  type BsdAlarm,
  type DsmAlarm,
  type LocalTime,
  localTimeToEpoch,
  type TpmsAlarm,
  toHex,
} from '@headway/protocol';
import { type DeviceType, platformAlarm, safetyAlarmCode, tpmsAlarmCode } from '@headway/spec';
import type { VehicleInfo } from '../../ingest/directory.ts';
import type { StoredPosition } from '../../tracks/position-row.ts';
import type { SafetyIdent } from '../body.ts';
import type { AlarmFields } from './records.ts';
import { type OpenKey, safetyKey, tpmsKey, type VehicleAlarmState } from './state.ts';

// T/JSATL12 active-safety items of a report (§4.5.2, 0x64 ADAS, 0x65 DSM, 0x66 TPMS, 0x67 BSD) → alarm rows.
// Each item carries its alarm identification (terminal id, time, serial, attachment count): that is the alarm's
// key, how a repeated item (a resent report) is recognised, and what 0x9208 asks the terminal's files by.
// The item's flag says 1 start / 2 end (an alarm with a duration) or 0 (an event, no duration).

/** What the detector offers this module: raise an alarm (kept open under `key` when given), end an open one. */
export interface SafetyHost {
  raise(
    state: VehicleAlarmState,
    p: StoredPosition,
    vehicle: VehicleInfo | undefined,
    fields: AlarmFields,
    key: OpenKey | undefined,
    ident: SafetyIdent,
  ): void;
  /** Ends the open alarm under `key`; false when none is open. */
  end(state: VehicleAlarmState, key: OpenKey, endTime: number): boolean;
}

const FLAG_START = 1;
const FLAG_END = 2;

/** Handles one 0x64–0x67 item of a report. */
export function safetyItem(
  host: SafetyHost,
  state: VehicleAlarmState,
  p: StoredPosition,
  vehicle: VehicleInfo | undefined,
  itemId: 0x64 | 0x65 | 0x66 | 0x67,
  alarm: AdasAlarm | DsmAlarm | TpmsAlarm | BsdAlarm,
): void {
  const ident = safetyIdentOf(alarm.alarmIdent);
  const alarmKey = safetyAlarmKey(ident, p.terminalPhone);
  // A repeated identification is the same alarm sent again (an unacknowledged report resent after a reconnect).
  if (!state.remember(`${itemId}|${alarmKey}`)) return;
  const eventTime = itemEventTime(p, alarm.time);
  const base = {
    alarmKey,
    deviceAlarmId: alarm.alarmId,
    eventTime,
    speed: alarm.speed,
    // The item's own position is where the alarm happened; a terminal without a fix sends zeros there.
    lat: alarm.lat !== 0 ? signed(alarm.lat, p.lat) : p.lat,
    lng: alarm.lng !== 0 ? signed(alarm.lng, p.lng) : p.lng,
    attachedCount: ident.attachmentCount,
  };
  if (itemId === 0x66) {
    tpmsItem(host, state, p, vehicle, alarm as TpmsAlarm, base, ident);
    return;
  }
  const typed = alarm as AdasAlarm | DsmAlarm | BsdAlarm;
  const code = safetyAlarmCode(itemId, typed.type);
  const deviceType: DeviceType = itemId === 0x64 ? 'ADAS' : itemId === 0x65 ? 'DSM' : 'BSD';
  const level = 'level' in typed && (typed.level === 1 || typed.level === 2) ? typed.level : catalogueLevel(code);
  const key = safetyKey(itemId, typed.alarmId);
  if (typed.flag === FLAG_END && host.end(state, key, eventTime)) return;
  host.raise(
    state,
    p,
    vehicle,
    {
      ...base,
      alarmType: typed.type,
      level,
      code,
      deviceType,
      // An end whose start was never seen (lost, or before the terminal was known) is kept as an instant alarm.
      endTime: typed.flag === FLAG_START ? null : eventTime,
      attached: { item: itemDetails(typed), flag: typed.flag, ident },
    },
    typed.flag === FLAG_START ? key : undefined,
    ident,
  );
}

/** 0x66: one alarm per tyre and per event bit 1–7 (bit 0 is the periodic report, not an alarm). */
function tpmsItem(
  host: SafetyHost,
  state: VehicleAlarmState,
  p: StoredPosition,
  vehicle: VehicleInfo | undefined,
  tpms: TpmsAlarm,
  base: Pick<AlarmFields, 'alarmKey' | 'deviceAlarmId' | 'eventTime' | 'speed' | 'lat' | 'lng' | 'attachedCount'>,
  ident: SafetyIdent,
): void {
  for (const e of tpms.events) {
    for (let bit = 1; bit <= 7; bit++) {
      if ((e.alarmType & (1 << bit)) === 0) continue;
      const key = tpmsKey(e.tyrePosition, bit);
      if (tpms.flag === FLAG_END && host.end(state, key, base.eventTime)) continue;
      const code = tpmsAlarmCode(bit);
      host.raise(
        state,
        p,
        vehicle,
        {
          ...base,
          alarmType: bit,
          level: catalogueLevel(code),
          code,
          deviceType: 'TPMS',
          endTime: tpms.flag === FLAG_START ? null : base.eventTime,
          attached: {
            tyre: e.tyrePosition,
            pressure: e.pressure,
            temperature: e.temperature,
            battery: e.battery,
            flag: tpms.flag,
            ident,
          },
        },
        tpms.flag === FLAG_START ? key : undefined,
        ident,
      );
    }
  }
}

/** The identification as 0x9208 echoes it and the alarm record keeps it. */
export function safetyIdentOf(a: AlarmIdent): SafetyIdent {
  return {
    terminalId: a.terminalId,
    time: bcdTimeOf(a.time),
    seq: a.seq,
    attachmentCount: a.attachmentCount,
    reservedHex: toHex(a.reserved),
  };
}

/**
 * `${terminalId}_${YYMMDDhhmmss}_${seq}`: unique per terminal (the standard numbers alarms within a second) and
 * the same every time the item is sent. A terminal that leaves its id blank is keyed by its phone number; only
 * letters and digits of the id are kept so the key can name files and folders.
 */
export function safetyAlarmKey(ident: SafetyIdent, terminalPhone: string): string {
  const id = ident.terminalId.replace(/[^0-9A-Za-z]/g, '') || terminalPhone;
  return `${id}_${ident.time}_${ident.seq}`;
}

/** `YYYY-MM-DDThh:mm:ss` → `YYMMDDhhmmss` (the BCD digits as sent). */
function bcdTimeOf(time: LocalTime): string {
  if (time.length === 19) {
    return (
      time.slice(2, 4) +
      time.slice(5, 7) +
      time.slice(8, 10) +
      time.slice(11, 13) +
      time.slice(14, 16) +
      time.slice(17, 19)
    );
  }
  return time.replace(/[^0-9A-Fa-f]/g, '').slice(-12);
}

/**
 * The item's own time in epoch seconds. The item is in the terminal's local time like the report; the report's
 * time and its stored epoch give the terminal's offset without knowing its configuration.
 */
function itemEventTime(p: StoredPosition, time: LocalTime): number {
  const reportLocal = localTimeToEpoch(p.report.time, 0);
  const itemLocal = localTimeToEpoch(time, 0);
  if (reportLocal === undefined || itemLocal === undefined) return p.eventTime;
  return itemLocal - (reportLocal - p.eventTime);
}

/** The item's coordinates are unsigned; the report's hemisphere gives the sign. */
function signed(value: number, reference: number): number {
  return reference < 0 ? -value : value;
}

function catalogueLevel(code: number): number {
  return platformAlarm(code)?.level ?? 1;
}

/** The item's fields worth keeping beside the identification (the position and ident are stored apart). */
function itemDetails(a: AdasAlarm | DsmAlarm | BsdAlarm): Record<string, unknown> {
  const { alarmIdent: _ident, lat: _lat, lng: _lng, time, ...rest } = a as AdasAlarm & DsmAlarm & BsdAlarm;
  const out: Record<string, unknown> = { ...rest, time };
  if (rest.reserved instanceof Uint8Array) out.reserved = toHex(rest.reserved);
  return out;
}
