import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../store/schema.ts';
import type { IngestWriter } from './ingest-writer.ts';
import type { RateLimitedLog } from './log-limit.ts';
import type { GatewayMetrics } from './metrics.ts';
import type { GatewayOptions } from './options.ts';
import type { TerminalSession } from './session.ts';

/** What a session needs from the gateway that holds it. */
export interface SessionHost {
  db: Kysely<Database>;
  options: GatewayOptions;
  metrics: GatewayMetrics;
  writer: IngestWriter;
  logger: Logger;
  log: RateLimitedLog;
  /** The session authenticated as its phone: it becomes the one session of that terminal. */
  attach(session: TerminalSession): void;
  /** The connection closed. */
  detach(session: TerminalSession): void;
}
