import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { type AlarmScope, alarmApiDb, inScope, seesNothing } from './scope.ts';

// PUT /device/alarm (spec section 5 "Alarm read"): unread (0) becomes read (1) with an optional remark, and
// never back. A read alarm is left as it is, remark and reader included, so a second dispatcher handling the same
// alarm cannot overwrite the first one's record. Ids outside the caller's scope are skipped, not refused: the
// answer's count says how many changed.

export interface Reader {
  userId: number;
  /** Kept on the alarm: the user may be renamed or deleted later. */
  userName: string;
}

export async function markRead(
  db: Kysely<Database>,
  scope: AlarmScope,
  ids: readonly number[],
  reader: Reader,
  remark: string,
  now: number,
): Promise<number> {
  if (seesNothing(scope) || ids.length === 0) return 0;
  const result = await alarmApiDb(db)
    .updateTable('alarms')
    .set({ is_readed: 1, remark, read_by: reader.userId, read_by_name: reader.userName, read_time: now })
    .where(inScope(scope))
    .where('alarms.id', 'in', [...new Set(ids)])
    .where('alarms.is_readed', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function readerOf(db: Kysely<Database>, companyId: number, userId: number): Promise<Reader> {
  const user = await db
    .selectFrom('users')
    .select(['user_name', 'account'])
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return { userId, userName: user?.user_name || user?.account || '' };
}
