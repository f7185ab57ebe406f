import type { Kysely } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { alarmsDb, type NewAlarm } from '../../schema.ts';

// Alarm rows written straight into the table, as the detector would store them, for the API's tests.

let serial = 0;

export type AlarmSeed = Partial<NewAlarm> & Pick<NewAlarm, 'company_id' | 'event_time' | 'platform_alarm_id'>;

export async function insertAlarm(db: Kysely<Database>, seed: AlarmSeed): Promise<number> {
  serial += 1;
  const row = await alarmsDb(db)
    .insertInto('alarms')
    .values({
      alarm_key: `test-${serial}`,
      car_id: null,
      car_name: '',
      route_id: null,
      route_name: '',
      lpn: '',
      imei: `99000000000${String(serial).padStart(4, '0')}`,
      terminal_phone: `0139${String(serial).padStart(8, '0')}`,
      alarm_type: 0,
      alarm_level: 1,
      device_type: 'GPS',
      device_alarm_id: 0,
      end_time: null,
      speed: 0,
      lat: 13.75,
      lng: 100.5,
      attached: '{}',
      attached_count: 0,
      created_at: seed.event_time,
      ...seed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertAlarmFile(
  db: Kysely<Database>,
  companyId: number,
  alarmKey: string,
  fileName: string,
  complete: boolean,
): Promise<void> {
  await alarmsDb(db)
    .insertInto('alarm_files')
    .values({
      company_id: companyId,
      alarm_key: alarmKey,
      file_name: fileName,
      relative_path: `${companyId}/${alarmKey}/${fileName}`,
      file_type: fileName.endsWith('.mp4') ? 2 : 0,
      size: 1024,
      complete: complete ? 1 : 0,
      created_at: 1_763_780_000,
    })
    .execute();
}
