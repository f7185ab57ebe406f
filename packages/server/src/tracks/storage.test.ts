import { sql } from 'kysely';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import { trackStorage } from '../store/migrations/0010-track-storage.ts';
import { insertPositions } from './insert-positions.ts';
import { DAY_SECONDS, dayStart, ensureDayPartitions, positionPartitions } from './pg-partitions.ts';
import { trackDb } from './schema.ts';
import { firstIdSince } from './sqlite-retention.ts';
import { retentionCutoff, runTrackMaintenance, startTrackMaintenance } from './storage-maintenance.ts';
import { point } from './testing/track-fixture.ts';

// Track storage on both engines: migration 0010 keeps what 0003's table held, and the maintenance job keeps day
// partitions ahead (PostgreSQL) and drops what is past the retention (partitions, or batches of rows on SQLite).

const NOW = dayStart(Math.floor(Date.now() / 1000)) + 12 * 3600;
const TODAY = dayStart(NOW);

describe.each(ENGINES)('track storage on %s', (engine) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await createTestStore(engine);
  });
  afterEach(() => t.drop());

  const stored = async () =>
    (
      await trackDb(t.store.db)
        .selectFrom('positions')
        .select(['id', 'event_time', 'receive_time', 'vehicle_id'])
        .orderBy('id')
        .execute()
    ).map((r) => ({ ...r, id: Number(r.id), event_time: Number(r.event_time), receive_time: Number(r.receive_time) }));

  it('migration 0010 keeps every stored position, its id and the id sequence', async () => {
    const migration = trackStorage(engine);
    await migration.down(t.store.db);
    const times = [
      TODAY - 3 * DAY_SECONDS + 60,
      TODAY - 600 * DAY_SECONDS, // older than the partitions made for carried rows: DEFAULT on PostgreSQL
      TODAY + 100,
      4_070_908_800, // a terminal clock in 2099
      TODAY - DAY_SECONDS,
    ];
    await insertPositions(
      t.store.db,
      engine,
      times.map((time, i) => point(1, 10 + i, time, { receive_time: NOW })),
    );
    const before = await stored();
    await migration.up(t.store.db);
    expect(await stored()).toEqual(before);
    await insertPositions(t.store.db, engine, [point(1, 99, TODAY + 200)]);
    const after = await stored();
    expect(after).toHaveLength(6);
    expect(after[5]?.id).toBeGreaterThan(Math.max(...before.map((r) => r.id)));

    // The track query's covering index replaced 0003's (company_id, vehicle_id, event_time).
    const indexes =
      engine === 'sqlite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'positions'`.execute(t.store.db)
        : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'positions'`.execute(
            t.store.db,
          );
    const names = indexes.rows.map((r) => r.name);
    expect(names).toContain('positions_track');
    expect(names).not.toContain('positions_vehicle_time');
    if (engine === 'postgres') {
      const parts = await positionPartitions(t.store.db);
      expect(parts.defaultName).toBe('positions_default');
      const first = parts.days[0];
      expect(first?.from).toBe(TODAY - 3 * DAY_SECONDS);
      expect(parts.days.at(-1)?.to).toBe(TODAY + 8 * DAY_SECONDS);
      const parked = await sql<{
        event_time: string;
      }>`select event_time from positions_default order by event_time`.execute(t.store.db);
      expect(parked.rows.map((r) => Number(r.event_time))).toEqual([TODAY - 600 * DAY_SECONDS, 4_070_908_800]);
    }
  });

  it('deletes what is past the retention and keeps the rest', async () => {
    const rows = [];
    // Ten days of points, received in order (ids grow with receive time), with some ids missing.
    for (let day = 9; day >= 0; day--) {
      for (let k = 0; k < 4; k++) {
        const time = TODAY - day * DAY_SECONDS + k * 3600;
        rows.push(point(1, 1, time, { receive_time: time + 5 }));
      }
    }
    if (engine === 'postgres') await ensureDayPartitions(t.store.db, TODAY - 9 * DAY_SECONDS, TODAY);
    await insertPositions(t.store.db, engine, rows);
    await trackDb(t.store.db)
      .deleteFrom('positions')
      .where('event_time', '=', TODAY - 3 * DAY_SECONDS)
      .execute();
    // A point with a clock in 2001: DEFAULT on PostgreSQL, received now on SQLite (kept there: retention goes by
    // receive time, the order rows are stored in).
    await insertPositions(t.store.db, engine, [point(1, 2, 978_307_200, { receive_time: NOW })]);

    const cutoff = retentionCutoff(NOW, 3) ?? 0;
    expect(cutoff).toBe(TODAY - 3 * DAY_SECONDS);
    const result = await runTrackMaintenance(t.store, { retentionDays: 3, partitionsAhead: 2 }, NOW);
    const left = await stored();
    const kept = rows.filter((r) => r.receive_time >= cutoff && r.event_time !== TODAY - 3 * DAY_SECONDS);
    if (engine === 'sqlite') {
      expect(left.map((r) => r.event_time)).toEqual([...kept.map((r) => r.event_time), 978_307_200]);
      expect(result.deletedRows).toBe(rows.length - kept.length - 1);
    } else {
      expect(left.map((r) => r.event_time)).toEqual(kept.map((r) => r.event_time));
      expect(result.deletedRows).toBe(1);
      const days = (await positionPartitions(t.store.db)).days;
      expect(days[0]?.from).toBe(cutoff);
      // The migration made today's and the week ahead; nothing more was needed.
      expect(days.at(-1)?.to).toBe(TODAY + 8 * DAY_SECONDS);
      expect(result.created).toEqual([]);
      expect(result.dropped).toHaveLength(6);
    }
    // A second run finds nothing more to do.
    expect(await runTrackMaintenance(t.store, { retentionDays: 3, partitionsAhead: 2 }, NOW)).toEqual({
      created: [],
      dropped: [],
      deletedRows: 0,
    });
    // Retention 0 keeps everything.
    expect(
      (await runTrackMaintenance(t.store, { retentionDays: 0, partitionsAhead: 2 }, NOW + 400 * DAY_SECONDS))
        .deletedRows,
    ).toBe(0);
    expect(await stored()).toHaveLength(left.length);
  });

  it('runs from start and stops cleanly', async () => {
    await insertPositions(t.store.db, engine, [
      point(1, 1, TODAY - 30 * DAY_SECONDS, { receive_time: TODAY - 30 * DAY_SECONDS }),
    ]);
    const stop = startTrackMaintenance({
      store: t.store,
      options: { retentionDays: 7, partitionsAhead: 2 },
      logger: pino({ level: 'silent' }),
      now: () => NOW,
    });
    await stop();
    expect(await stored()).toEqual([]);
  });
});

describe('SQLite retention cutoff', () => {
  let t: TestStore;
  beforeEach(async () => {
    t = await createTestStore('sqlite');
  });
  afterEach(() => t.drop());

  it('finds the first row to keep by binary search over ids with gaps', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => point(1, 1, 1000 + i, { receive_time: 1000 + i }));
    await insertPositions(t.store.db, 'sqlite', rows);
    // Leave holes, including right at the cutoff.
    await sql`delete from positions where id % 7 = 0 or id between 120 and 140`.execute(t.store.db);
    const idOf = async (receive: number) => firstIdSince(t.store.db, receive);
    expect(await idOf(0)).toBe(1);
    expect(await idOf(1000 + 124)).toBe(141);
    expect(await idOf(1000 + 50)).toBe(51);
    expect(await idOf(1000 + 48)).toBe(50);
    expect(await idOf(1000 + 199)).toBe(200);
    expect(await idOf(1000 + 200)).toBeUndefined();
  });
});

describe.skipIf(!ENGINES.includes('postgres'))('PostgreSQL day partitions', () => {
  let t: TestStore;
  beforeEach(async () => {
    t = await createTestStore('postgres');
  });
  afterEach(() => t.drop());

  it('moves points parked in DEFAULT into the day partition made for them', async () => {
    const later = TODAY + 20 * DAY_SECONDS + 30;
    await insertPositions(t.store.db, 'postgres', [point(1, 1, later)]);
    const parked = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from positions_default`.execute(t.store.db)).rows[0]?.n);
    expect(await parked()).toBe(1);
    const made = await ensureDayPartitions(t.store.db, dayStart(later), dayStart(later));
    expect(made).toEqual([
      `positions_p${new Date(dayStart(later) * 1000).toISOString().slice(0, 10).replaceAll('-', '')}`,
    ]);
    expect(await parked()).toBe(0);
    const found = await trackDb(t.store.db).selectFrom('positions').select('event_time').execute();
    expect(found.map((r) => Number(r.event_time))).toEqual([later]);
    expect(await ensureDayPartitions(t.store.db, dayStart(later), dayStart(later))).toEqual([]);
  });
});
