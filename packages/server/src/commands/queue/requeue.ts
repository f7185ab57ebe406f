import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { commandDb } from '../schema.ts';

// A row claimed for delivery (state 1) whose terminal was gone again before anything was written to it goes back
// to the queue as it was: its queued time, and for a command its payload (markDispatchSent cleared it).

export async function requeueMessage(db: Kysely<Database>, id: number, queuedAt: number): Promise<void> {
  await commandDb(db)
    .updateTable('message_log')
    .set({ send_state: 0, send_time: queuedAt })
    .where('id', '=', id)
    .where('send_state', '=', 1)
    .execute();
}

export async function requeueCommand(
  db: Kysely<Database>,
  id: number,
  queuedAt: number,
  payload: string | null,
): Promise<void> {
  await commandDb(db)
    .updateTable('dispatch_log')
    .set({ state: 0, send_time: queuedAt, payload })
    .where('id', '=', id)
    .where('state', '=', 1)
    .execute();
}
