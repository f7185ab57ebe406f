import { setImmediate as nextTurn } from 'node:timers/promises';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Store } from '../store/db.ts';
import type { Database } from '../store/schema.ts';
import { trackDb } from '../tracks/schema.ts';
import { firstIdSince } from '../tracks/sqlite-retention.ts';
import type { Enricher, ReplayedPosition } from './enrich.ts';

// The warm-up after a (re)start: the positions stored in the last minutes are fed to the engines again so each
// bus's trip — direction, last station and its arrival time — carries on instead of starting afresh. Read as a
// stream in chunks: a busy fleet stores millions of positions in 15 minutes, too many to hold at once.

/** Replays the positions stored since `since` (oldest first) into the enricher; returns how many it used. */
export async function warmUp(
  store: Store,
  enricher: Enricher,
  opts: { since: number; chunk: number; logger: Logger },
): Promise<number> {
  const started = Date.now();
  let fed = 0;
  for await (const rows of recentPositions(store, opts.since, opts.chunk)) {
    for (const row of rows) if (enricher.replay(row)) fed++;
    // Between chunks the gateway's sockets are served (on PostgreSQL its commits go on too).
    await nextTurn();
  }
  if (fed > 0) opts.logger.info({ reports: fed, ms: Date.now() - started }, 'ingest progress warmed up');
  return fed;
}

/** Slack for terminal clocks running ahead: a row may carry an event time later than its receive time. */
const CLOCK_AHEAD_SECONDS = 300;

function recentQuery(db: Kysely<Database>, since: number, fromId?: number) {
  let q = trackDb(db)
    .selectFrom('positions')
    .select(['company_id', 'terminal_phone', 'lat', 'lng', 'speed', 'azimuth', 'state', 'event_time'])
    .where('event_time', '>=', since)
    .where('vehicle_id', 'is not', null);
  if (fromId !== undefined) q = q.where('id', '>=', fromId);
  return q.orderBy('event_time').orderBy('id');
}

/** Positions of vehicles stored since `since`, in event time order, `chunk` rows at a time. */
export function recentPositions(store: Store, since: number, chunk: number): AsyncGenerator<ReplayedPosition[]> {
  return store.engine === 'postgres' ? postgresChunks(store.db, since, chunk) : sqliteChunks(store.db, since, chunk);
}

/**
 * SQLite: Kysely's stream (better-sqlite3 iterates the statement row by row), gathered into chunks. No index leads
 * with event_time (one more would cost every insert), so the scan starts at the first row received since then:
 * ids grow with receive time (tracks/sqlite-retention.ts), and a report is received after its event time.
 */
async function* sqliteChunks(db: Kysely<Database>, since: number, chunk: number): AsyncGenerator<ReplayedPosition[]> {
  const fromId = await firstIdSince(db, since - CLOCK_AHEAD_SECONDS);
  if (fromId === undefined) return;
  let rows: ReplayedPosition[] = [];
  for await (const row of recentQuery(db, since, fromId).stream(chunk)) {
    rows.push(row);
    if (rows.length >= chunk) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length > 0) yield rows;
}

/**
 * PostgreSQL: a server-side cursor, FETCHed `chunk` rows at a time in a read-only transaction. Kysely's
 * `.stream()` does the same on PostgreSQL only with the pg-cursor package in the dialect; DECLARE/FETCH needs
 * nothing beyond pg and holds one pooled connection for the warm-up.
 */
async function* postgresChunks(db: Kysely<Database>, since: number, chunk: number): AsyncGenerator<ReplayedPosition[]> {
  const query = recentQuery(db, since).compile();
  const trx = await db.startTransaction().setAccessMode('read only').execute();
  let committed = false;
  try {
    await trx.executeQuery(
      CompiledQuery.raw(`declare ingest_warm_up no scroll cursor for ${query.sql}`, [...query.parameters]),
    );
    const fetch = CompiledQuery.raw(`fetch forward ${Math.max(1, Math.floor(chunk))} from ingest_warm_up`);
    for (;;) {
      const { rows } = await trx.executeQuery<ReplayedPosition>(fetch);
      if (rows.length === 0) break;
      yield rows;
    }
    await trx.commit().execute();
    committed = true;
  } finally {
    // Also when the consumer stops early or a fetch failed: the cursor ends with its transaction.
    if (!committed)
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
  }
}
