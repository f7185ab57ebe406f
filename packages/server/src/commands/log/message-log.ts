import type { CommandState } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { commandDb, type MessageLogTable } from '../schema.ts';

// Writes to the message log: one row per vehicle a text went to. A queued row (state 0) is also the queue entry:
// its text, flag and target are all delivery needs (commands/queue).

export type NewMessageRow = Omit<MessageLogTable, 'id' | 'reply_msg'>;

export async function insertMessageRow(db: Kysely<Database>, row: NewMessageRow): Promise<number> {
  const inserted = await commandDb(db).insertInto('message_log').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** A row's outcome; `replyTime` when the terminal acknowledged or refused. */
export async function setMessageState(
  db: Kysely<Database>,
  id: number,
  state: CommandState,
  replyTime: number | null = null,
): Promise<void> {
  await commandDb(db)
    .updateTable('message_log')
    .set({ send_state: state, ...(replyTime !== null ? { reply_time: replyTime } : {}) })
    .where('id', '=', id)
    .execute();
}

/** A queued row leaves the queue: delivered now, at `sendTime`. */
export async function markMessageSent(db: Kysely<Database>, id: number, sendTime: number): Promise<void> {
  await commandDb(db)
    .updateTable('message_log')
    .set({ send_state: 1, send_time: sendTime })
    .where('id', '=', id)
    .where('send_state', '=', 0)
    .execute();
}

/** A device's queued texts that have not expired, oldest first. */
export function queuedMessages(db: Kysely<Database>, deviceId: number, now: number) {
  return commandDb(db)
    .selectFrom('message_log')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('send_state', '=', 0)
    .where((eb) => eb.or([eb('expire_time', 'is', null), eb('expire_time', '>', now)]))
    .orderBy('id')
    .execute();
}
