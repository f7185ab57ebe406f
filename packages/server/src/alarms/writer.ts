import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import { refusedForContent } from '../departures/writer.ts';
import type { Database } from '../store/schema.ts';
import type { SafetyIdent } from './body.ts';
import type { AlarmHandle, AlarmSink } from './detection/sink.ts';
import { alarmsDb, type NewAlarm } from './schema.ts';

// The detector's alarms → the alarms table, in group commits: a flush per event-loop turn while alarms come in
// (one transaction for everything raised since the last), so an alarm reaches the live push within milliseconds
// and a storm costs one insert statement per 500 alarms rather than one per alarm. Ends are batched the same way.
//
// Nothing is dropped for lack of room: the queue is unbounded and measured (`stats.queued`, `stats.maxQueued`,
// a warning past `warnQueued`). Two kinds of failure, told apart by the database's error code (as the
// station-event writer, departures/writer.ts):
// - a row the database refuses for its content: found by halving the batch, dropped, logged, counted in
//   `rejected`; the rest of its batch is stored;
// - anything else (database unavailable, locked): the batch goes back to the head of the queue and is retried
//   after `retryMs`, in order, however long it takes.

export interface AlarmWriterOptions {
  /** Rows per flush (one transaction). */
  maxBatch: number;
  /** Rows per INSERT statement (25 columns: well under SQLite's and PostgreSQL's parameter caps). */
  chunk: number;
  /** Wait after a failed flush. */
  retryMs: number;
  /** Queue length that logs a warning (once per crossing). */
  warnQueued: number;
}

export const DEFAULT_ALARM_WRITER_OPTIONS: AlarmWriterOptions = {
  maxBatch: 5000,
  chunk: 500,
  retryMs: 1000,
  warnQueued: 20_000,
};

export interface AlarmWriterStats {
  /** Alarms handed to the writer. */
  raised: number;
  /** Alarms committed. */
  stored: number;
  /** Refused by the database for their content (dropped, logged). */
  rejected: number;
  /** End times committed. */
  ended: number;
  /** Alarms waiting now, and the most that ever waited. */
  queued: number;
  maxQueued: number;
  flushes: number;
  /** Flushes that failed for a reason other than a row's content (retried). */
  failures: number;
  /** Duration of the last and of the longest flush, ms. */
  lastFlushMs: number;
  maxFlushMs: number;
}

/** One alarm as the writer tracks it; the handle the detector holds. */
export class AlarmEntry implements AlarmHandle {
  id: number | undefined;
  endTime: number | null;
  phase: 'queued' | 'writing' | 'stored' | 'rejected' = 'queued';

  constructor(
    readonly row: NewAlarm,
    readonly ident?: SafetyIdent,
  ) {
    this.endTime = row.end_time ?? null;
  }
}

/** A committed alarm with its id, as the writer hands it on (live push, listeners). */
export interface StoredAlarm {
  id: number;
  row: NewAlarm;
  ident: SafetyIdent | undefined;
}

export class AlarmWriter implements AlarmSink {
  readonly options: AlarmWriterOptions;
  readonly stats: AlarmWriterStats = {
    raised: 0,
    stored: 0,
    rejected: 0,
    ended: 0,
    queued: 0,
    maxQueued: 0,
    flushes: 0,
    failures: 0,
    lastFlushMs: 0,
    maxFlushMs: 0,
  };
  private queue: AlarmEntry[] = [];
  private closes: AlarmEntry[] = [];
  private flushing: Promise<void> | undefined;
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;
  private retryAt = 0;
  private warned = false;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
    /** Called after each commit with the alarms it stored (never with an empty list). */
    private readonly onStored: (alarms: StoredAlarm[]) => void,
    options: Partial<AlarmWriterOptions> = {},
  ) {
    this.options = { ...DEFAULT_ALARM_WRITER_OPTIONS, ...options };
  }

  raise(row: NewAlarm, ident?: SafetyIdent): AlarmHandle {
    const entry = new AlarmEntry(row, ident);
    this.queue.push(entry);
    this.stats.raised++;
    this.measureQueue();
    this.schedule();
    return entry;
  }

  end(handle: AlarmHandle, endTime: number): void {
    const entry = handle as AlarmEntry;
    if (entry.endTime !== null) return;
    entry.endTime = endTime;
    // Queued: its insert carries the end time; being written: the flush sees the change when it commits;
    // refused: there is no row to end.
    if (entry.phase !== 'stored') return;
    this.closes.push(entry);
    this.schedule();
  }

  adopt(id: number, row: NewAlarm): AlarmHandle {
    const entry = new AlarmEntry(row);
    entry.id = id;
    entry.phase = 'stored';
    return entry;
  }

  /** Writes everything waiting (tests, stop); resolves when all is committed or a failure set it aside. */
  async flush(): Promise<void> {
    for (;;) {
      while (this.flushing) await this.flushing;
      if (this.queue.length === 0 && this.closes.length === 0) return;
      const failures = this.stats.failures;
      this.flushing = this.write().finally(() => {
        this.flushing = undefined;
        if (this.queue.length > 0 || this.closes.length > 0) this.schedule();
      });
      await this.flushing;
      if (this.stats.failures > failures) return;
    }
  }

  /** Flushes until nothing waits or the database keeps failing (`attempts` flushes without progress). */
  async stop(attempts = 3): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    let failures = 0;
    while ((this.queue.length > 0 || this.closes.length > 0) && failures < attempts) {
      const before = this.stats.failures;
      await this.flush();
      if (this.stats.failures > before) failures++;
    }
    if (this.queue.length > 0 || this.closes.length > 0) {
      this.logger.error({ alarms: this.queue.length, ends: this.closes.length }, 'alarms not stored at stop');
    }
  }

  /** One flush per event-loop turn while alarms arrive; after a failure, not before `retryMs`. */
  private schedule(): void {
    if (this.stopped || this.scheduled || this.flushing) return;
    const wait = this.retryAt - Date.now();
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      this.timer = undefined;
      void this.flush();
    };
    if (wait > 0) {
      this.timer = setTimeout(run, wait);
      this.timer.unref();
    } else {
      setImmediate(run);
    }
  }

  private async write(): Promise<void> {
    const started = performance.now();
    const entries =
      this.queue.length <= this.options.maxBatch ? this.queue : this.queue.slice(0, this.options.maxBatch);
    this.queue = entries === this.queue ? [] : this.queue.slice(entries.length);
    for (const e of entries) e.phase = 'writing';
    const closes = this.closes;
    this.closes = [];
    let failed = false;

    const { stored, unstored } = await this.insert(entries);
    if (unstored.length > 0) {
      failed = true;
      for (const e of unstored) e.phase = 'queued';
      this.queue = unstored.concat(this.queue);
    }
    if (closes.length > 0) {
      try {
        await updateEndTimes(this.db, closes, this.options.chunk);
        this.stats.ended += closes.length;
      } catch (error) {
        failed = true;
        this.logger.warn({ err: error, ends: closes.length }, 'alarm end times not written; retrying');
        this.closes = closes.concat(this.closes);
      }
    }

    const ms = performance.now() - started;
    this.stats.flushes++;
    this.stats.lastFlushMs = ms;
    this.stats.maxFlushMs = Math.max(this.stats.maxFlushMs, ms);
    if (failed) {
      this.stats.failures++;
      this.retryAt = Date.now() + this.options.retryMs;
    }
    this.measureQueue();
    if (stored.length > 0) {
      try {
        this.onStored(stored);
      } catch (error) {
        this.logger.error({ err: error }, 'alarm delivery failed');
      }
    }
  }

  /**
   * Inserts the entries, setting aside those the database refuses (found by halving). Returns what was stored
   * and what a failure that is not the rows' own left unstored.
   */
  private async insert(entries: AlarmEntry[]): Promise<{ stored: StoredAlarm[]; unstored: AlarmEntry[] }> {
    if (entries.length === 0) return { stored: [], unstored: [] };
    try {
      const rows = entries.map((e) => (e.endTime === e.row.end_time ? e.row : { ...e.row, end_time: e.endTime }));
      const ids = await insertAlarms(this.db, rows, this.options.chunk);
      const stored: StoredAlarm[] = [];
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i] as AlarmEntry;
        e.id = ids[i] as number;
        e.phase = 'stored';
        // An end that arrived while the insert ran is written by the next flush.
        if (e.endTime !== (rows[i] as NewAlarm).end_time) this.closes.push(e);
        stored.push({ id: e.id, row: rows[i] as NewAlarm, ident: e.ident });
      }
      this.stats.stored += entries.length;
      return { stored, unstored: [] };
    } catch (error) {
      if (!refusedForContent(error)) {
        this.logger.warn({ err: error, alarms: entries.length }, 'alarms insert failed; retrying');
        return { stored: [], unstored: entries };
      }
      if (entries.length === 1) {
        const e = entries[0] as AlarmEntry;
        e.phase = 'rejected';
        this.stats.rejected++;
        this.logger.error({ err: error, row: e.row }, 'alarm refused by the database; dropped');
        return { stored: [], unstored: [] };
      }
      const half = Math.ceil(entries.length / 2);
      const first = await this.insert(entries.slice(0, half));
      if (first.unstored.length > 0) {
        return { stored: first.stored, unstored: first.unstored.concat(entries.slice(half)) };
      }
      const second = await this.insert(entries.slice(half));
      return { stored: first.stored.concat(second.stored), unstored: second.unstored };
    }
  }

  private measureQueue(): void {
    const queued = this.queue.length;
    this.stats.queued = queued;
    if (queued > this.stats.maxQueued) this.stats.maxQueued = queued;
    if (queued >= this.options.warnQueued && !this.warned) {
      this.warned = true;
      this.logger.warn({ queued }, 'alarm queue is long: the database is slow or unavailable');
    } else if (queued < this.options.warnQueued / 2) {
      this.warned = false;
    }
  }
}

/**
 * One transaction of multi-row inserts; the ids in the order of `rows`. Both engines number the rows of one
 * INSERT … VALUES in the order of the list, so the returned ids sorted ascending line up with it; the keys are
 * checked against that, and matched by key if an engine ever answered otherwise.
 */
async function insertAlarms(db: Kysely<Database>, rows: readonly NewAlarm[], chunk: number): Promise<number[]> {
  const adb = alarmsDb(db);
  return adb.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += chunk) {
      const part = rows.slice(i, i + chunk);
      const back = await trx.insertInto('alarms').values(part).returning(['id', 'alarm_key']).execute();
      back.sort((a, b) => Number(a.id) - Number(b.id));
      if (back.every((r, k) => r.alarm_key === part[k]?.alarm_key)) {
        for (const r of back) ids.push(Number(r.id));
        continue;
      }
      const byKey = new Map<string, number[]>();
      for (const r of back) {
        const list = byKey.get(r.alarm_key);
        if (list) list.push(Number(r.id));
        else byKey.set(r.alarm_key, [Number(r.id)]);
      }
      for (const row of part) ids.push(byKey.get(row.alarm_key)?.shift() as number);
    }
    return ids;
  });
}

/** `end_time` of many alarms in a few statements (CASE by id); an alarm already ended keeps its time. */
async function updateEndTimes(db: Kysely<Database>, entries: readonly AlarmEntry[], chunk: number): Promise<void> {
  const adb = alarmsDb(db);
  await adb.transaction().execute(async (trx) => {
    for (let i = 0; i < entries.length; i += chunk) {
      const part = entries.slice(i, i + chunk);
      const cases = part.map((e) => sql`WHEN ${e.id} THEN CAST(${e.endTime} AS bigint)`);
      await trx
        .updateTable('alarms')
        .set({ end_time: sql<number>`CASE id ${sql.join(cases, sql` `)} END` })
        .where(
          'id',
          'in',
          part.map((e) => e.id as number),
        )
        .where('end_time', 'is', null)
        .execute();
    }
  });
}
