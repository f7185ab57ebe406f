import type { Jt808Header, TerminalTextReport } from '@headway/protocol';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../store/schema.ts';
import { recordDriverReply } from '../log/message-log.ts';

// A driver's text from the terminal (0x6006, a vendor report: docs/commands.md "Driver replies") is the answer
// to the latest dispatch text that terminal got: it marks that message_log row replied and keeps the words, so
// the chat's reply polling and the message log show it.

/** What this needs of the gateway's terminal session (gateway/session.ts). */
export interface TextReportSession {
  host: { db: Kysely<Database>; logger: Logger };
  device: { id: number } | undefined;
  respond(header: Jt808Header, result?: number): void;
}

const GENERAL = { ok: 0, failed: 1 } as const;

/**
 * Records the reply, then acknowledges with 0x8001: a text the database did not take is answered "failed", so
 * the terminal may send it again rather than the driver's answer being lost. `acknowledge` is false for a text
 * reassembled from fragments, which were acknowledged one by one.
 */
export async function answerDriverText(
  session: TextReportSession,
  header: Jt808Header,
  report: TerminalTextReport,
  acknowledge = true,
): Promise<void> {
  const text = report.text.trim();
  const device = session.device;
  let result: number = GENERAL.ok;
  if (device && text !== '') {
    try {
      const answered = await recordDriverReply(session.host.db, device.id, text, Math.floor(Date.now() / 1000));
      if (answered === undefined) session.host.logger.debug({ device: device.id }, 'driver text answers no message');
    } catch (error) {
      session.host.logger.error({ err: error, device: device.id }, 'could not record a driver reply');
      result = GENERAL.failed;
    }
  }
  if (acknowledge) session.respond(header, result);
}
