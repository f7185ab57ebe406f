import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { StoreConfig } from '../../packages/server/src/store/db.ts';

const PG_ADMIN_URL = process.env.HEADWAY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  config: StoreConfig;
  /** What a server process is given: DATABASE_URL for PostgreSQL, the file for SQLite. */
  location: string;
  drop(): Promise<void>;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database for one bench run: a new PostgreSQL database, or a SQLite file in a temp folder. */
export async function createBenchDatabase(engine: 'sqlite' | 'postgres'): Promise<BenchDatabase> {
  if (engine === 'postgres') {
    const name = `headway_bench_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      config: { engine: 'postgres', url: url.toString() },
      location: url.toString(),
      drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'headway-bench-'));
  const file = join(dir, 'headway.db');
  return {
    config: { engine: 'sqlite', file },
    location: file,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
