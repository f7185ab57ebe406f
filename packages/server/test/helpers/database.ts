import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Engine, openStore, type Store } from '../../src/store/db.ts';
import { migrateToLatest } from '../../src/store/migrate.ts';

/** The engines every integration suite runs on. HEADWAY_TEST_PG=0 leaves PostgreSQL out (no server at hand). */
export const ENGINES: Engine[] = process.env.HEADWAY_TEST_PG === '0' ? ['sqlite'] : ['sqlite', 'postgres'];

/** Maintenance connection used to create and drop the per-test databases (trust auth on the test machine). */
export const PG_ADMIN_URL = process.env.HEADWAY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestStore {
  store: Store;
  /** Where another process (or a second store, e.g. a second platform node) finds the same database. */
  location: { databaseUrl: string } | { sqliteFile: string };
  /** Closes the connections and deletes the database. */
  drop(): Promise<void>;
}

/** A fresh, migrated database of the given engine: a temp SQLite file, or a new PostgreSQL database. */
export async function createTestStore(engine: Engine): Promise<TestStore> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'headway-test-'));
    const store = openStore({ engine: 'sqlite', file: join(dir, 'headway.db') });
    await migrateToLatest(store);
    return {
      store,
      location: { sqliteFile: join(dir, 'headway.db') },
      async drop() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const name = `headway_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const store = openStore({ engine: 'postgres', url: url.toString() });
  await migrateToLatest(store);
  return {
    store,
    location: { databaseUrl: url.toString() },
    async drop() {
      await store.close();
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
