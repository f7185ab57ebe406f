import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';

// PostgreSQL day partitions of positions (migration 0010; docs/tracks.md "Storage"): made ahead of time, dropped
// past the retention. Partitions are found from the catalogue by their bounds, never by name, so a partition made
// by hand or by pg_partman with another name counts too.

export const DAY_SECONDS = 86_400;
/** DDL waits at most this long for a lock, then gives up until the next run rather than queue the gateway's inserts behind it. */
const LOCK_TIMEOUT = '3s';
/** Several nodes may run the job; a transaction-level advisory lock lets one do each step. */
const JOB_LOCK = 'headway.positions.partitions';

export interface DayPartition {
  name: string;
  /** Epoch seconds, inclusive start and exclusive end of the range. */
  from: number;
  to: number;
}

export interface PositionPartitions {
  days: DayPartition[];
  /** The DEFAULT partition's name, if there is one. */
  defaultName: string | undefined;
}

export function dayStart(epochSeconds: number): number {
  return Math.floor(epochSeconds / DAY_SECONDS) * DAY_SECONDS;
}

export function dayPartitionName(from: number): string {
  return `positions_p${new Date(from * 1000).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** A catalogue name as an SQL identifier. */
function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

const BOUND = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/;

export async function positionPartitions(db: Kysely<Database>): Promise<PositionPartitions> {
  const rows = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'positions' and p.relnamespace = to_regnamespace(current_schema())::oid
  `.execute(db);
  const days: DayPartition[] = [];
  let defaultName: string | undefined;
  for (const r of rows.rows) {
    if (r.bound === 'DEFAULT') defaultName = r.name;
    const m = BOUND.exec(r.bound);
    if (m) days.push({ name: r.name, from: Number(m[1]), to: Number(m[2]) });
  }
  days.sort((a, b) => a.from - b.from);
  return { days, defaultName };
}

async function underJobLock(db: Kysely<Database>, step: (trx: Transaction<Database>) => Promise<void>) {
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext(${JOB_LOCK})) as ok`.execute(trx);
    if (!lock.rows[0]?.ok) return false;
    await sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`).execute(trx);
    await step(trx);
    return true;
  });
}

/**
 * Makes the missing day partitions of [fromDay, toDay] (day starts, inclusive). Each is created empty and then
 * attached, which locks the parent only in SHARE UPDATE EXCLUSIVE mode (inserts and queries go on); points
 * already parked in DEFAULT for that day are moved into it first, or the attach would fail. Returns the names made.
 */
export async function ensureDayPartitions(db: Kysely<Database>, fromDay: number, toDay: number): Promise<string[]> {
  const existing = await positionPartitions(db);
  const made: string[] = [];
  for (let day = dayStart(fromDay); day <= toDay; day += DAY_SECONDS) {
    const next = day + DAY_SECONDS;
    if (existing.days.some((p) => p.from < next && p.to > day)) continue;
    const name = dayPartitionName(day);
    const done = await underJobLock(db, async (trx) => {
      await sql.raw(`create table if not exists ${ident(name)} (like positions including defaults)`).execute(trx);
      if (existing.defaultName) {
        await sql
          .raw(
            `with moved as (delete from ${ident(existing.defaultName)} where event_time >= ${day} and event_time < ${next} returning *)
             insert into ${ident(name)} select * from moved`,
          )
          .execute(trx);
      }
      await sql
        .raw(`alter table positions attach partition ${ident(name)} for values from (${day}) to (${next})`)
        .execute(trx);
    });
    if (done) made.push(name);
  }
  return made;
}

/**
 * Drops the day partitions wholly before `cutoff` and deletes older points parked in DEFAULT (in batches).
 * Returns the partitions dropped and the DEFAULT rows deleted.
 */
export async function dropPartitionsBefore(
  db: Kysely<Database>,
  cutoff: number,
): Promise<{ dropped: string[]; defaultRows: number }> {
  const { days, defaultName } = await positionPartitions(db);
  const dropped: string[] = [];
  for (const p of days) {
    if (p.to > cutoff) continue;
    // Dropping a partition takes the parent's ACCESS EXCLUSIVE lock for a moment; the lock timeout keeps it from
    // queueing inserts behind a long query.
    const done = await underJobLock(db, async (trx) => {
      await sql.raw(`drop table if exists ${ident(p.name)}`).execute(trx);
    });
    if (done) dropped.push(p.name);
  }
  let defaultRows = 0;
  if (defaultName) {
    for (;;) {
      const r = await sql
        .raw(
          `delete from ${ident(defaultName)} where ctid in (select ctid from ${ident(defaultName)} where event_time < ${cutoff} limit 5000)`,
        )
        .execute(db);
      const n = Number(r.numAffectedRows ?? 0);
      defaultRows += n;
      if (n < 5000) break;
    }
  }
  return { dropped, defaultRows };
}
