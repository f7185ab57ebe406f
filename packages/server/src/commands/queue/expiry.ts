import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../store/schema.ts';
import { commandDb } from '../schema.ts';

/** How often queued rows are checked for expiry. */
export const EXPIRY_SWEEP_MS = 60_000;

/**
 * Queued rows whose expiry passed become "expired" (state 5), so the logs stop showing them as pending. Delivery
 * never picks an expired row even before the sweep has run (queuedMessages / queuedCommands check the time).
 */
export async function expireQueued(db: Kysely<Database>, now: number): Promise<{ messages: number; commands: number }> {
  const cdb = commandDb(db);
  const messages = await cdb
    .updateTable('message_log')
    .set({ send_state: 5 })
    .where('send_state', '=', 0)
    .where('expire_time', '<=', now)
    .executeTakeFirst();
  const commands = await cdb
    .updateTable('dispatch_log')
    .set({ state: 5, payload: null })
    .where('state', '=', 0)
    .where('expire_time', '<=', now)
    .executeTakeFirst();
  return { messages: Number(messages.numUpdatedRows), commands: Number(commands.numUpdatedRows) };
}

/**
 * Runs the sweep every `intervalMs` (unref'd: it never keeps the process alive). Every node may run it: the
 * update is conditional, so two nodes expiring the same row do no harm.
 */
export function startExpirySweep(db: Kysely<Database>, logger: Logger, intervalMs = EXPIRY_SWEEP_MS): () => void {
  const timer = setInterval(() => {
    expireQueued(db, Math.floor(Date.now() / 1000))
      .then((expired) => {
        if (expired.messages + expired.commands > 0) logger.info(expired, 'queued commands expired');
      })
      .catch((err: unknown) => logger.warn({ err }, 'queue expiry sweep failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
