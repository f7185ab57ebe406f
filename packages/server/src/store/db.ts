import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

export type StoreConfig = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

// PostgreSQL returns BIGINT (and COUNT(*)) as strings; our epoch seconds and counts fit in a double.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export interface StoreOptions {
  /** Told when an idle PostgreSQL connection dies (server restart, admin termination). */
  onConnectionError?: (error: Error) => void;
}

export function openStore(config: StoreConfig, options: StoreOptions = {}): Store {
  if (config.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10, types: pgTypes });
    // Without a listener an idle client's error is an uncaught exception that ends the process; the pool
    // already drops that client and opens a new one on the next query, so reporting it is enough.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const sqlite = new SQLite(config.file);
  // WAL lets readers (API) run beside the writer (ingest); busy_timeout rides out short write locks.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/** DATABASE_URL `postgres://…` selects PostgreSQL; anything else is the embedded SQLite file. */
export function storeConfigFrom(databaseUrl: string | undefined, sqliteFile: string): StoreConfig {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return { engine: 'postgres', url: databaseUrl };
  return { engine: 'sqlite', file: sqliteFile };
}
