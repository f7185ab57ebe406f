import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openStore, type Store, type StoreConfig } from '../../packages/server/src/store/db.ts';
import { migrateToLatest } from '../../packages/server/src/store/migrate.ts';
import { ensureDayPartitions } from '../../packages/server/src/tracks/pg-partitions.ts';
import { type SeededFleet, seedTrack, seedTrackFleet, type TrackSeedOptions } from './track-seed.ts';
import { addCompanyAdmin } from './users.ts';

// The track query bench's database, seeded once and kept between runs (20 million rows take minutes to write):
// a SQLite file under the temp folder, or the PostgreSQL database headway_bench_track_query. A table in it records
// what was seeded; a run asking for something else (or --reseed) starts it afresh.

const PG_ADMIN_URL = process.env.HEADWAY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_NAME = 'headway_bench_track_query';
/** Bumped when the seed or the storage layout changes, so an old seeded database is not measured by mistake. */
const SEED_VERSION = 4;

export const BENCH_ACCOUNT = 'track-bench';
export const BENCH_PASSWORD = 'track-bench-2026';

export interface TrackBenchSpec {
  vehicles: number;
  lines: number;
  days: number;
  intervalSeconds: number;
}

export interface TrackBenchData {
  config: StoreConfig;
  fleet: SeededFleet;
  /** Epoch seconds: the seeded span [from, to). */
  from: number;
  to: number;
  positions: number;
  seededNow: boolean;
  seedSeconds: number;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function benchStoreConfig(engine: 'sqlite' | 'postgres', dataDir: string): StoreConfig {
  if (engine === 'postgres') {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${PG_NAME}`;
    return { engine: 'postgres', url: url.toString() };
  }
  return { engine: 'sqlite', file: join(dataDir, 'track-query.db') };
}

async function recorded(store: Store): Promise<Record<string, unknown> | undefined> {
  try {
    const r = await sql<{ spec: string }>`select spec from bench_track_seed`.execute(store.db);
    return r.rows[0] ? (JSON.parse(r.rows[0].spec) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

async function fresh(config: StoreConfig): Promise<void> {
  if (config.engine === 'postgres') {
    await admin(`DROP DATABASE IF EXISTS ${PG_NAME} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${PG_NAME}`);
  } else {
    for (const suffix of ['', '-wal', '-shm']) rmSync(config.file + suffix, { force: true });
  }
}

async function pgExists(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [PG_NAME])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** Opens the seeded database, seeding it first when it is missing, different or `reseed` is set. */
export async function openTrackBenchData(
  engine: 'sqlite' | 'postgres',
  spec: TrackBenchSpec,
  options: { dataDir?: string; reseed?: boolean; log?: (line: string) => void } = {},
): Promise<TrackBenchData> {
  const log = options.log ?? (() => {});
  const dataDir = options.dataDir ?? join(tmpdir(), 'headway-bench-track-query');
  mkdirSync(dataDir, { recursive: true });
  const config = benchStoreConfig(engine, dataDir);
  const wanted = { version: SEED_VERSION, ...spec };

  const exists = engine === 'postgres' ? await pgExists() : existsSync(config.engine === 'sqlite' ? config.file : '');
  if (exists && !options.reseed) {
    const store = openStore(config);
    try {
      const have = await recorded(store);
      const same = have && Object.entries(wanted).every(([k, v]) => have[k] === v);
      if (same) {
        log(`reusing the seeded ${engine} database`);
        return {
          config,
          ...(have as unknown as Omit<TrackBenchData, 'config' | 'seededNow' | 'seedSeconds'>),
          seededNow: false,
          seedSeconds: 0,
        };
      }
    } finally {
      await store.close();
    }
  }

  log(`seeding ${engine}: ${spec.vehicles} vehicles × ${spec.days} days at ${spec.intervalSeconds} s`);
  await fresh(config);
  const store = openStore(config);
  const started = Date.now();
  try {
    await migrateToLatest(store);
    const company = await store.db
      .insertInto('companies')
      .values({ name: 'Track bench', title: 'Track bench', logo: '', config: '{}', created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addCompanyAdmin(store.db, company.id, BENCH_ACCOUNT, BENCH_PASSWORD);
    const fleet = await seedTrackFleet(store.db, company.id, spec);
    const to = Math.floor(Date.now() / 1000 / 86_400) * 86_400;
    const from = to - spec.days * 86_400;
    // Live, the maintenance job makes each day's partition ahead of time; the past days are made here.
    if (engine === 'postgres') await ensureDayPartitions(store.db, from, to);
    const seedOptions: TrackSeedOptions = { ...spec, from, to, batchRows: 3400 };
    const { positions } = await seedTrack(store, fleet, seedOptions, (done) =>
      log(`  ${(done * 100).toFixed(0)}% after ${Math.round((Date.now() - started) / 1000)} s`),
    );
    // What autovacuum does to a table that has stopped changing: statistics and the visibility map.
    if (engine === 'postgres') await sql`vacuum analyze positions`.execute(store.db);
    else await sql`analyze`.execute(store.db);
    const record = { ...wanted, fleet, from, to, positions };
    await sql`create table bench_track_seed (spec text not null)`.execute(store.db);
    await sql`insert into bench_track_seed (spec) values (${JSON.stringify(record)})`.execute(store.db);
    const seedSeconds = Math.round((Date.now() - started) / 1000);
    log(`seeded ${positions} positions in ${seedSeconds} s`);
    return { config, fleet, from, to, positions, seededNow: true, seedSeconds };
  } finally {
    await store.close();
  }
}

/**
 * Drops the database's files from the operating system's page cache (posix_fadvise DONTNEED through GNU dd), so
 * the next query reads from disk. PostgreSQL's own shared buffers are not touched (restarting the server would be).
 */
export async function evictFromPageCache(config: StoreConfig): Promise<number> {
  let files: string[];
  if (config.engine === 'sqlite') {
    files = ['', '-wal', '-shm'].map((s) => config.file + s).filter((f) => existsSync(f));
  } else {
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    try {
      const r = await client.query<{ dir: string }>(
        `select current_setting('data_directory') || '/base/' || oid as dir from pg_database where datname = current_database()`,
      );
      const dir = r.rows[0]?.dir ?? '';
      files = readdirSync(dir).map((f) => join(dir, f));
    } finally {
      await client.end();
    }
  }
  for (const file of files) execFileSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none']);
  return files.length;
}
