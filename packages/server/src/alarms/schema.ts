import type { Generated, Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../store/schema.ts';

// Kysely shape of the alarm tables (migration 0009-alarms), joined onto the store's Database with withTables
// like the other features' tables.

export interface AlarmsTable {
  id: Generated<number>;
  company_id: number;
  alarm_key: string;
  car_id: number | null;
  car_name: string;
  route_id: number | null;
  route_name: string;
  lpn: string;
  imei: string;
  terminal_phone: string;
  alarm_type: number;
  alarm_level: number;
  platform_alarm_id: number;
  device_alarm_id: number;
  /** @headway/spec DeviceType. */
  device_type: string;
  event_time: number;
  end_time: number | null;
  speed: number;
  lat: number;
  lng: number;
  /** JSON object. */
  attached: string;
  attached_count: number;
  is_readed: Generated<number>;
  remark: Generated<string>;
  read_by: number | null;
  read_by_name: Generated<string>;
  read_time: number | null;
  created_at: number;
}

export interface AlarmFilesTable {
  id: Generated<number>;
  company_id: number;
  alarm_key: string;
  file_name: string;
  relative_path: string;
  file_type: number;
  size: number;
  complete: Generated<number>;
  created_at: number;
}

export interface UserAlarmPrefsTable {
  user_id: number;
  company_id: number;
  platform_alarm_id: number;
  web_notice: number;
  app_notice: number;
  mail_notice: number;
  is_show: number;
  duration: number;
}

export interface CustomAlarmTypesTable {
  id: Generated<number>;
  company_id: number;
  platform_alarm_id: number;
  group_id: number;
  alarm_name: string;
  /** Lower-cased name: unique per company ignoring case. */
  name_key: string;
  alarm_level: Generated<number>;
  remark: Generated<string>;
  created_at: number;
}

export type AlarmTables = {
  alarms: AlarmsTable;
  alarm_files: AlarmFilesTable;
  user_alarm_prefs: UserAlarmPrefsTable;
  custom_alarm_types: CustomAlarmTypesTable;
};

export type AlarmRecord = Selectable<AlarmsTable>;
export type NewAlarm = Insertable<AlarmsTable>;
export type AlarmFileRecord = Selectable<AlarmFilesTable>;

export function alarmsDb(db: Kysely<Database>): Kysely<Database & AlarmTables> {
  return db.withTables<AlarmTables>();
}
