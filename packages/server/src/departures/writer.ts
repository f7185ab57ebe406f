import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../store/schema.ts';
import { insertStationEvents } from './queries.ts';
import type { NewStationEvent } from './schema.ts';

/**
 * Batches detected arrival/departure events into group inserts: at most one transaction per interval (or sooner
 * when `maxBatch` rows wait). Events are few (a bus passes a station a minute), so this stays cheap; a failed
 * insert is retried with the next batch, up to `maxQueued` rows, beyond which the oldest are dropped and counted.
 */
export class StationEventWriter {
  private queue: NewStationEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  written = 0;
  dropped = 0;

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
    else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, this.intervalMs);
      this.timer.unref();
    }
  }

  /** Writes what is queued; resolves when it (and any flush already running) is committed. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.flushing = insertStationEvents(this.db, batch)
      .then(() => {
        this.written += batch.length;
      })
      .catch((error: unknown) => {
        this.logger.warn({ err: error, rows: batch.length }, 'station events insert failed; retrying later');
        this.queue = batch.concat(this.queue);
        if (!this.timer) {
          this.timer = setTimeout(() => {
            this.timer = undefined;
            void this.flush();
          }, this.intervalMs * 5);
          this.timer.unref();
        }
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
}
