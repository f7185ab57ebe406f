import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { Store } from '../store/db.ts';
import { insertPositions, POSITION_COLUMNS } from './insert-positions.ts';
import type { NewPosition } from './schema.ts';
import { SQLITE_WRITER_SOURCE } from './sqlite-writer-worker.ts';

/** Where group commits go. `write` resolves only once the rows are committed. */
export interface PositionSink {
  /** Batches that may be in flight at once (the writer pipelines up to this many). */
  readonly parallel: number;
  write(rows: readonly NewPosition[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * SQLite, `sqliteThread` false (the default): batches are written through Kysely on the event loop. A
 * 250-row commit costs a few milliseconds of loop time, and on a busy 2-core machine that measured better than
 * handing each batch to another thread (two extra wake-ups per batch under CPU contention; docs/performance.md).
 * SQLite, `sqliteThread` true: a worker thread with its own connection to the same WAL file commits with one
 * prepared statement, so the loop never blocks on the database (worth it when commits are slow: large WAL
 * checkpoints, slow disks). An in-memory database (no file a second connection could open) always writes inline.
 * PostgreSQL is asynchronous already: up to four batches in flight over the pool.
 */
export async function openPositionSink(store: Store, sqliteThread = false): Promise<PositionSink> {
  if (store.engine === 'sqlite' && sqliteThread) {
    const files = await sql<{ name: string; file: string }>`pragma database_list`.execute(store.db);
    const file = files.rows.find((r) => r.name === 'main')?.file;
    if (file) return new SqliteWorkerSink(file);
  }
  return {
    parallel: store.engine === 'postgres' ? 4 : 1,
    write: (rows) => insertPositions(store.db, store.engine, rows),
    close: async () => {},
  };
}

class SqliteWorkerSink implements PositionSink {
  // Two in flight: the next batch is cloned and queued while the thread commits the current one.
  readonly parallel = 2;
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(): void; reject(error: Error): void }>();

  constructor(file: string) {
    this.worker = new Worker(SQLITE_WRITER_SOURCE, {
      eval: true,
      workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), columns: POSITION_COLUMNS },
    });
    this.worker.on('message', (m: { id: number; ok: boolean; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve();
      else p.reject(new Error(m.error ?? 'position write failed'));
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', () => this.failAll(new Error('position writer thread exited')));
  }

  write(rows: readonly NewPosition[]): Promise<void> {
    return this.call({ rows: rows.map((r) => POSITION_COLUMNS.map((c) => r[c] ?? null)) });
  }

  async close(): Promise<void> {
    await this.call({ close: true }).catch(() => {});
    await this.worker.terminate();
  }

  private call(message: Record<string, unknown>): Promise<void> {
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...message });
    });
  }

  private failAll(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }
}
