import type { DeviceType } from '@headway/spec';
import type { VehicleInfo } from '../../ingest/directory.ts';
import type { NewAlarm } from '../schema.ts';

// One alarm row as the detector makes it: the vehicle's identity from the directory (as of the report), the
// alarm's own fields from the detection.

export interface AlarmFields {
  alarmKey: string;
  alarmType: number;
  level: number;
  code: number;
  deviceAlarmId: number;
  deviceType: DeviceType;
  eventTime: number;
  /** Set for an instant alarm (an event with no duration). */
  endTime: number | null;
  speed: number;
  lat: number;
  lng: number;
  attached: Record<string, unknown>;
  attachedCount: number;
}

export function alarmRow(
  companyId: number,
  terminalPhone: string,
  vehicle: VehicleInfo | undefined,
  f: AlarmFields,
  createdAt: number,
): NewAlarm {
  return {
    company_id: companyId,
    alarm_key: f.alarmKey,
    car_id: vehicle?.carId ?? null,
    car_name: vehicle?.carName ?? '',
    route_id: vehicle?.routeId ?? null,
    route_name: vehicle?.routeName ?? '',
    lpn: vehicle?.lpn ?? '',
    // As real_data's imei: the vehicle's IMEI, else the terminal phone (the live scope filters on it).
    imei: vehicle?.imei ?? terminalPhone,
    terminal_phone: terminalPhone,
    alarm_type: f.alarmType,
    alarm_level: f.level,
    platform_alarm_id: f.code,
    device_alarm_id: f.deviceAlarmId,
    device_type: f.deviceType,
    event_time: f.eventTime,
    end_time: f.endTime,
    speed: f.speed,
    lat: f.lat,
    lng: f.lng,
    attached: JSON.stringify(f.attached),
    attached_count: f.attachedCount,
    created_at: createdAt,
  };
}

/** Key of an alarm with no T/JSATL12 identification: unique per terminal, code and start second. */
export function plainAlarmKey(terminalPhone: string, code: number, eventTime: number): string {
  return `${terminalPhone}_${code}_${eventTime}`;
}
