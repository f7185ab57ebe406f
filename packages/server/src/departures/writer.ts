import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../store/schema.ts';
import { insertStationEvents } from './queries.ts';
import type { NewStationEvent } from './schema.ts';

/**
 * Batches detected arrival/departure events into group inserts: at most one transaction per interval (or sooner
 * when `maxBatch` rows wait). Events are few (a bus passes a station a minute), so this stays cheap.
 *
 * Two kinds of failure, told apart by the database's error code:
 * - the database refuses a row for its content (a constraint or data error): the batch is halved until that row
 *   stands alone, the others are stored, and the row is dropped, logged and counted in `rejected` — one bad row
 *   must not hold back every later event by failing each batch it rides in;
 * - anything else (database unavailable, locked): the rows not stored are kept and retried with the next batch,
 *   up to `maxQueued` rows, beyond which the oldest are dropped and counted in `dropped`.
 */
export class StationEventWriter {
  private queue: NewStationEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  written = 0;
  dropped = 0;
  rejected = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
    private readonly intervalMs = 1000,
    private readonly maxBatch = 2000,
    private readonly maxQueued = 100_000,
  ) {}

  add(rows: readonly NewStationEvent[]): void {
    if (rows.length === 0) return;
    for (const r of rows) this.queue.push(r);
    if (this.queue.length > this.maxQueued) {
      const over = this.queue.length - this.maxQueued;
      this.queue.splice(0, over);
      this.dropped += over;
    }
    if (this.queue.length >= this.maxBatch) void this.flush();
    else this.flushAfter(this.intervalMs);
  }

  /** Writes what is queued; resolves when it (and any flush already running) is committed or set aside. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.flushing = this.insert(batch)
      .then((unstored) => {
        if (unstored.length === 0) return;
        this.queue = unstored.concat(this.queue);
        this.flushAfter(this.intervalMs * 5);
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private flushAfter(ms: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
    this.timer.unref();
  }

  /**
   * Inserts `rows`, setting aside those the database refuses (found by halving: about 2·log2(n) statements for one
   * bad row). Returns the rows left unstored by a failure that is not theirs, to retry later.
   */
  private async insert(rows: NewStationEvent[]): Promise<NewStationEvent[]> {
    try {
      await insertStationEvents(this.db, rows);
      this.written += rows.length;
      return [];
    } catch (error) {
      if (!refusedForContent(error)) {
        this.logger.warn({ err: error, rows: rows.length }, 'station events insert failed; retrying later');
        return rows;
      }
      if (rows.length === 1) {
        this.rejected++;
        this.logger.error({ err: error, row: rows[0] }, 'station event refused by the database; dropped');
        return [];
      }
      const half = Math.ceil(rows.length / 2);
      const unstored = await this.insert(rows.slice(0, half));
      if (unstored.length > 0) return unstored.concat(rows.slice(half));
      return this.insert(rows.slice(half));
    }
  }
}

/**
 * The statement failed because of the rows it carried, not the database's state: PostgreSQL SQLSTATE classes 22
 * (data exception) and 23 (integrity constraint violation); SQLite's constraint, type-mismatch and too-big codes
 * (better-sqlite3's `SqliteError.code`).
 */
export function refusedForContent(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error) || typeof error.code !== 'string') {
    return false;
  }
  const code = error.code;
  if (/^2[23][0-9A-Z]{3}$/.test(code)) return true;
  return code.startsWith('SQLITE_CONSTRAINT') || code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG';
}
