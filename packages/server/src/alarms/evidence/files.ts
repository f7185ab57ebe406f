import type { Kysely } from 'kysely';
import type { AlarmFile } from '../../contract/alarms.ts';
import type { Database } from '../../store/schema.ts';
import { type AlarmFileRecord, alarmsDb } from '../schema.ts';

// The alarm_files rows: one per file a terminal started to upload, complete = 1 once every byte is stored.

export interface FileStart {
  companyId: number;
  alarmKey: string;
  fileName: string;
  relativePath: string;
  fileType: number;
  size: number;
  now: number;
}

/** Records (or restarts) a file being received: complete back to 0 with the size now declared. */
export async function recordFileStart(db: Kysely<Database>, f: FileStart): Promise<void> {
  await alarmsDb(db)
    .insertInto('alarm_files')
    .values({
      company_id: f.companyId,
      alarm_key: f.alarmKey,
      file_name: f.fileName,
      relative_path: f.relativePath,
      file_type: f.fileType,
      size: f.size,
      complete: 0,
      created_at: f.now,
    })
    .onConflict((c) =>
      c.columns(['company_id', 'alarm_key', 'file_name']).doUpdateSet({
        relative_path: f.relativePath,
        file_type: f.fileType,
        size: f.size,
        complete: 0,
      }),
    )
    .execute();
}

export async function markFileComplete(
  db: Kysely<Database>,
  companyId: number,
  alarmKey: string,
  fileName: string,
): Promise<void> {
  await alarmsDb(db)
    .updateTable('alarm_files')
    .set({ complete: 1 })
    .where('company_id', '=', companyId)
    .where('alarm_key', '=', alarmKey)
    .where('file_name', '=', fileName)
    .execute();
}

/** Every row of an alarm, complete or not. */
export function alarmFileRows(db: Kysely<Database>, companyId: number, alarmKey: string): Promise<AlarmFileRecord[]> {
  return alarmsDb(db)
    .selectFrom('alarm_files')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('alarm_key', '=', alarmKey)
    .orderBy('file_type')
    .orderBy('file_name')
    .execute();
}

/** The complete files of an alarm, as POST /device/alarm/file/list answers. */
export async function completeFiles(db: Kysely<Database>, companyId: number, alarmKey: string): Promise<AlarmFile[]> {
  const rows = await alarmFileRows(db, companyId, alarmKey);
  return rows
    .filter((r) => r.complete === 1)
    .map((r) => ({
      relative_path: r.relative_path,
      file_type: r.file_type,
      file_name: r.file_name,
      size: Number(r.size),
    }));
}

/** A complete file of the company by its relative path (the download). */
export async function completeFileAt(
  db: Kysely<Database>,
  companyId: number,
  relativePath: string,
): Promise<AlarmFileRecord | undefined> {
  const query = alarmsDb(db)
    .selectFrom('alarm_files')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('relative_path', '=', relativePath)
    .where('complete', '=', 1);
  // The path's middle segment is the alarm key itself unless the key needed escaping (paths.ts): try the
  // indexed lookup by key first, the company's other rows only when that misses.
  const keySegment = relativePath.split('/')[1];
  if (keySegment) {
    const row = await query.where('alarm_key', '=', keySegment).executeTakeFirst();
    if (row) return row;
  }
  return query.executeTakeFirst();
}
