import type { AlarmAttachmentList } from '@headway/protocol';
import type { Kysely } from 'kysely';
import { findDevice } from '../../gateway/devices.ts';
import type { Database } from '../../store/schema.ts';
import { safetyAlarmKey, safetyIdentOf } from '../detection/safety.ts';
import { alarmsDb } from '../schema.ts';
import { alarmIdOf } from './alarm-key.ts';

/** The alarm an upload belongs to. */
export interface UploadAlarm {
  companyId: number;
  alarmKey: string;
  /** The alarm row, when it is stored (a terminal may upload before its report is committed). */
  alarmId: number | null;
}

function samePhone(a: string, b: string): boolean {
  return a.replace(/^0+/, '') === b.replace(/^0+/, '');
}

/**
 * Maps a 0x1210 to the company and alarm_key its files go under. Only a terminal in the registry may upload, and
 * only for its own company: the header phone finds the device, the alarm number we issued in 0x9208 finds the
 * alarm row (accepted when it is that terminal's), else the identification gives the key the detector stored.
 */
export async function resolveUploadAlarm(
  db: Kysely<Database>,
  phone: string,
  list: AlarmAttachmentList,
): Promise<UploadAlarm | undefined> {
  const device = await findDevice(db, phone);
  if (!device) return undefined;
  const adb = alarmsDb(db);
  const id = alarmIdOf(list.alarmNo);
  if (id !== undefined) {
    const row = await adb
      .selectFrom('alarms')
      .select(['id', 'alarm_key', 'terminal_phone'])
      .where('company_id', '=', device.companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (row && samePhone(row.terminal_phone, device.terminalPhone)) {
      return { companyId: device.companyId, alarmKey: row.alarm_key, alarmId: Number(row.id) };
    }
  }
  const alarmKey = safetyAlarmKey(safetyIdentOf(list.alarmIdent), device.terminalPhone);
  const row = await adb
    .selectFrom('alarms')
    .select('id')
    .where('company_id', '=', device.companyId)
    .where('alarm_key', '=', alarmKey)
    .executeTakeFirst();
  return { companyId: device.companyId, alarmKey, alarmId: row ? Number(row.id) : null };
}
