import type { CommandState } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { commandDb, type DispatchLogTable } from '../schema.ts';

// Writes to the dispatch (command) log: one row per command to one terminal. A queued row (state 0) carries the
// message to deliver in `payload` (commands/wire.ts) until its terminal reconnects.

export type NewDispatchRow = Omit<DispatchLogTable, 'id'>;

export async function insertDispatchRow(db: Kysely<Database>, row: NewDispatchRow): Promise<number> {
  const inserted = await commandDb(db).insertInto('dispatch_log').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** A command's outcome: the terminal's result byte, or the platform code (1101) when it did not answer. */
export async function settleDispatchRow(
  db: Kysely<Database>,
  id: number,
  outcome: { state: CommandState; result: number | null; replyTime: number | null },
): Promise<void> {
  await commandDb(db)
    .updateTable('dispatch_log')
    .set({ state: outcome.state, result: outcome.result, reply_time: outcome.replyTime })
    .where('id', '=', id)
    .execute();
}

/** A queued command leaves the queue: sent now; its payload is no longer needed. */
export async function markDispatchSent(db: Kysely<Database>, id: number, sendTime: number): Promise<void> {
  await commandDb(db)
    .updateTable('dispatch_log')
    .set({ state: 1, send_time: sendTime, payload: null })
    .where('id', '=', id)
    .where('state', '=', 0)
    .execute();
}

/** A device's queued commands that have not expired, oldest first. */
export function queuedCommands(db: Kysely<Database>, deviceId: number, now: number) {
  return commandDb(db)
    .selectFrom('dispatch_log')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('state', '=', 0)
    .where((eb) => eb.or([eb('expire_time', 'is', null), eb('expire_time', '>', now)]))
    .orderBy('id')
    .execute();
}
