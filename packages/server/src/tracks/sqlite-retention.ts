import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/schema.ts';

// SQLite retention: positions older than the cutoff are deleted in short batches by rowid range, so the gateway's
// commits slip in between (SQLite has one writer). ids grow with receive time, so a binary search over id finds
// the first row to keep without an index on time (one more index would cost every insert).

const BATCH = 5000;

interface IdTime {
  id: number;
  receive_time: number;
}

async function firstFrom(db: Kysely<Database>, id: number): Promise<IdTime | undefined> {
  const r = await sql<IdTime>`select id, receive_time from positions where id >= ${id} order by id limit 1`.execute(db);
  return r.rows[0];
}

/** The smallest id whose row was received at or after `cutoff` (ids may have gaps); undefined when none is. */
export async function firstIdSince(db: Kysely<Database>, cutoff: number): Promise<number | undefined> {
  const bounds = await sql<{ lo: number | null; hi: number | null }>`
    select min(id) as lo, max(id) as hi from positions`.execute(db);
  const first = bounds.rows[0]?.lo;
  const final = bounds.rows[0]?.hi;
  if (first === null || first === undefined || final === null || final === undefined) return undefined;
  let lo: number = first;
  let hi: number = final;
  const last = await firstFrom(db, hi);
  if (!last || last.receive_time < cutoff) return undefined;
  // Smallest x whose first row at or after it is kept: that row is the answer. Monotone because ids grow with
  // receive time; a false probe skips every id up to the row it found.
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    const row = await firstFrom(db, mid);
    if (!row) break;
    if (row.receive_time >= cutoff) hi = mid;
    else lo = row.id + 1;
  }
  return (await firstFrom(db, lo))?.id;
}

/** Deletes positions received before `cutoff` (epoch seconds); returns how many. */
export async function deleteSqlitePositionsBefore(db: Kysely<Database>, cutoff: number): Promise<number> {
  const keepFrom = await firstIdSince(db, cutoff);
  const lowest = await sql<{ lo: number | null }>`select min(id) as lo from positions`.execute(db);
  let from = lowest.rows[0]?.lo;
  if (from === null || from === undefined) return 0;
  // Nothing is recent enough: everything goes (a fleet that stopped reporting longer ago than the retention).
  const stop = keepFrom ?? Number.MAX_SAFE_INTEGER;
  let deleted = 0;
  while (from < stop) {
    const to = Math.min(stop, from + BATCH);
    const r = await sql`delete from positions where id >= ${from} and id < ${to}`.execute(db);
    deleted += Number(r.numAffectedRows ?? 0);
    from = to;
    if (keepFrom === undefined) {
      const next = await sql<{ lo: number | null }>`select min(id) as lo from positions where id >= ${to}`.execute(db);
      const lo = next.rows[0]?.lo;
      if (lo === null || lo === undefined) break;
      from = lo;
    }
    // Between batches the gateway's commits get the database.
    await nextTurn();
  }
  return deleted;
}
