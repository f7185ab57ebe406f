import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import { trackDb } from '../tracks/schema.ts';
import { recentPositions } from './warm-up.ts';

// The warm-up reads recent positions as a stream of chunks (SQLite: Kysely's stream; PostgreSQL: a server-side
// cursor), never the whole window at once. The replay itself is covered by ingest.test.ts "after a restart".

describe.each(ENGINES)('warm-up stream on %s', (engine) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await createTestStore(engine);
  });
  afterEach(() => t.drop());

  it('yields the positions of vehicles since the given time, oldest first, in chunks', async () => {
    const since = 1_763_780_000;
    const row = (event_time: number, vehicle_id: number | null, terminal_phone = '013800138000') => ({
      company_id: 1,
      terminal_phone,
      vehicle_id,
      lat: 22.5,
      lng: 114.05,
      speed: 30,
      azimuth: 90,
      altitude: 0,
      mileage: null,
      state: 3,
      warning: 0,
      attached: '{}',
      event_time,
      receive_time: event_time,
    });
    await trackDb(t.store.db)
      .insertInto('positions')
      .values([
        row(since + 4, 1),
        row(since - 1, 1), // before the window
        row(since + 1, 1),
        row(since + 2, null), // no vehicle: nothing to warm
        row(since + 3, 2, '013800138001'),
        row(since, 1),
        row(since + 5, 2, '013800138001'),
      ])
      .execute();
    const chunks: number[][] = [];
    for await (const rows of recentPositions(t.store, since, 2)) chunks.push(rows.map((r) => r.event_time - since));
    expect(chunks).toEqual([[0, 1], [3, 4], [5]]);
  });

  it('ends cleanly when the reader stops early', async () => {
    const rows = [0, 1, 2, 3].map((i) => ({
      company_id: 1,
      terminal_phone: '013800138000',
      vehicle_id: 1,
      lat: 0,
      lng: 0,
      speed: 0,
      azimuth: 0,
      altitude: 0,
      mileage: null,
      state: 0,
      warning: 0,
      attached: '{}',
      event_time: 100 + i,
      receive_time: 100 + i,
    }));
    await trackDb(t.store.db).insertInto('positions').values(rows).execute();
    for await (const chunk of recentPositions(t.store, 0, 1)) {
      expect(chunk).toHaveLength(1);
      break;
    }
    // The cursor's transaction (PostgreSQL) or statement (SQLite) is over: no connection is left in it, and the
    // store takes writes again (SQLite's one connection would still be held).
    if (engine === 'postgres') {
      const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`.execute(t.store.db);
      expect(open.rows[0]?.n).toBe(0);
    }
    await trackDb(t.store.db).deleteFrom('positions').execute();
    expect(await trackDb(t.store.db).selectFrom('positions').select('id').execute()).toEqual([]);
  });
});
