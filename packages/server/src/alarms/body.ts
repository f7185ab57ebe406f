import { PlatformAlarmCode } from '@headway/spec';
import type { AlarmBody, AlarmDetailRow } from '../contract/alarms.ts';
import { parseJson } from '../store/json.ts';
import type { AlarmRecord } from './schema.ts';

// One alarm record as the API and the live channel show it (contract/alarms.ts). Used by the live push, the
// lists and the modals, so the three never disagree on a field.

/** The catalogue's region alarms (PlatformAlarmCode.regionEnter … corridorDeviation) carry their region's name. */
const REGION_ALARMS = new Set<number>([
  PlatformAlarmCode.regionEnter,
  PlatformAlarmCode.regionExit,
  PlatformAlarmCode.regionOverstay,
  PlatformAlarmCode.corridorDeviation,
]);

export function alarmBodyOf(r: AlarmRecord): AlarmBody {
  const body = plainBodyOf(r);
  if (REGION_ALARMS.has(r.platform_alarm_id)) {
    const name = parseJson<{ region_name?: unknown }>(r.attached, {}).region_name;
    if (typeof name === 'string') body.region_name = name;
  }
  return body;
}

function plainBodyOf(r: AlarmRecord): AlarmBody {
  return {
    id: Number(r.id),
    alarm_key: r.alarm_key,
    car_id: r.car_id,
    car_name: r.car_name,
    route_id: r.route_id,
    route_name: r.route_name,
    lpn: r.lpn,
    imei: r.imei,
    alarm_type: r.alarm_type,
    alarm_level: r.alarm_level,
    platform_alarm_id: r.platform_alarm_id,
    device_type: r.device_type,
    event_time: Number(r.event_time),
    end_time: r.end_time === null ? null : Number(r.end_time),
    speed: r.speed,
    lat: r.lat,
    lng: r.lng,
    attached_count: r.attached_count,
  };
}

export function alarmDetailOf(r: AlarmRecord, fileCount: number): AlarmDetailRow {
  return {
    ...alarmBodyOf(r),
    alarm_id: r.platform_alarm_id,
    device_alarm_id: Number(r.device_alarm_id),
    remark: r.remark,
    is_readed: r.is_readed,
    read_by_name: r.read_by_name,
    read_time: r.read_time === null ? null : Number(r.read_time),
    attached: parseJson<Record<string, unknown>>(r.attached, {}),
    file_count: fileCount,
  };
}

/**
 * A newly raised alarm as the detector hands it to its listeners (the live push, the evidence fetcher, the mail
 * notices): the stored body plus what only the server needs.
 */
export interface RaisedAlarm {
  companyId: number;
  terminalPhone: string;
  body: AlarmBody;
  /** T/JSATL12 alarm identification as the report carried it (for 0x9208), when the alarm has one. */
  ident?: SafetyIdent;
}

/** The identification fields 0x9208 echoes back (protocol AlarmIdent, with the reserved bytes as hex). */
export interface SafetyIdent {
  terminalId: string;
  /** BCD time string YYMMDDhhmmss as the terminal sent it. */
  time: string;
  seq: number;
  attachmentCount: number;
  reservedHex: string;
}

/** Who wants to know about new alarms (each called once per stored batch, after the commit). */
export type AlarmListener = (alarms: readonly RaisedAlarm[]) => void;
