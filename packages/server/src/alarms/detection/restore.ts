import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { alarmsDb } from '../schema.ts';
import type { OpenAlarmRow } from './detector.ts';

// What the detector takes back at start: the alarms still open (index alarms_open) and the identifications of
// recent active-safety alarms, so a restart neither raises an ongoing alarm again nor takes a resent item for
// a new one.

const COLUMNS = [
  'id',
  'company_id',
  'alarm_key',
  'car_id',
  'car_name',
  'route_id',
  'route_name',
  'lpn',
  'imei',
  'terminal_phone',
  'alarm_type',
  'alarm_level',
  'platform_alarm_id',
  'device_alarm_id',
  'device_type',
  'event_time',
  'end_time',
  'speed',
  'lat',
  'lng',
  'attached',
  'attached_count',
  'created_at',
] as const;

export async function loadOpenAlarms(db: Kysely<Database>): Promise<OpenAlarmRow[]> {
  const rows = await alarmsDb(db).selectFrom('alarms').select(COLUMNS).where('end_time', 'is', null).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), device_alarm_id: Number(r.device_alarm_id) }));
}

export interface RecentIdent {
  company_id: number;
  terminal_phone: string;
  device_type: string;
  alarm_key: string;
}

/** Active-safety alarms of every company since `since` (per company, on the company/time index). */
export async function loadRecentIdents(db: Kysely<Database>, since: number): Promise<RecentIdent[]> {
  const adb = alarmsDb(db);
  const companies = await adb.selectFrom('companies').select('id').execute();
  const out: RecentIdent[] = [];
  for (const c of companies) {
    const rows = await adb
      .selectFrom('alarms')
      .select(['company_id', 'terminal_phone', 'device_type', 'alarm_key'])
      .where('company_id', '=', c.id)
      .where('event_time', '>=', since)
      .where('device_type', 'in', ['ADAS', 'DSM', 'FM', 'TPMS', 'BSD'])
      .orderBy('event_time')
      .execute();
    for (const r of rows) out.push(r);
  }
  return out;
}
