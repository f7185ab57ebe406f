import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStore, type Store } from '../../store/db.ts';
import { migrateToLatest } from '../../store/migrate.ts';

// Real stores for the lines tests: a fresh SQLite file, and a throwaway PostgreSQL database on the local server
// (HEADWAY_TEST_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres). To be replaced by the server's shared
// test-DB helper once packages/server/test/helpers has one.

export const PG_ADMIN_URL = process.env.HEADWAY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface TestStore {
  store: Store;
  dispose(): Promise<void>;
}

export async function sqliteTestStore(): Promise<TestStore> {
  const file = join(mkdtempSync(join(tmpdir(), 'headway-lines-')), 'test.sqlite');
  const store = openStore({ engine: 'sqlite', file });
  await migrateToLatest(store);
  return { store, dispose: () => store.close() };
}

export async function postgresTestStore(): Promise<TestStore> {
  const name = `headway_lines_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const store = openStore({ engine: 'postgres', url: url.toString() });
  await migrateToLatest(store);
  return {
    store,
    dispose: async () => {
      await store.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
