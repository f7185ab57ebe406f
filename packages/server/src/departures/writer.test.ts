import { sql } from 'kysely';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import { departuresDb, type NewStationEvent } from './schema.ts';
import { stationEvent } from './testing/station-event.ts';
import { StationEventWriter } from './writer.ts';

// The station-event writer against a real database that refuses a row, then is unavailable for a while.

const quiet = pino({ level: 'silent' });

function event(serial: number): NewStationEvent {
  return stationEvent(1_763_780_000 + serial, { serial, station_name: `Stop ${serial}`, created_at: 1_763_780_000 });
}

describe.each(ENGINES)('station event writer on %s', (engine) => {
  let t: TestStore;
  let writer: StationEventWriter;
  // A long interval: only the test's explicit flushes write.
  beforeEach(async () => {
    t = await createTestStore(engine);
    writer = new StationEventWriter(t.store.db, quiet, 60_000);
  });
  afterEach(async () => {
    await writer.stop();
    await t.drop();
  });

  const storedSerials = async () =>
    (await departuresDb(t.store.db).selectFrom('station_events').select('serial').orderBy('serial').execute()).map(
      (r) => r.serial,
    );

  it('drops a row the database refuses and stores the rest of its batch and every later batch', async () => {
    // station_name is NOT NULL: the database refuses this row whatever batch it rides in.
    const bad = { ...event(3), station_name: null as unknown as string };
    writer.add([event(1), event(2), bad, event(4), event(5)]);
    await writer.flush();
    writer.add([event(6)]);
    await writer.flush();
    expect(await storedSerials()).toEqual([1, 2, 4, 5, 6]);
    expect({ written: writer.written, rejected: writer.rejected, dropped: writer.dropped }).toEqual({
      written: 5,
      rejected: 1,
      dropped: 0,
    });
  });

  it('keeps the rows while the table is unavailable and stores them once it is back', async () => {
    await sql`alter table station_events rename to station_events_away`.execute(t.store.db);
    writer.add([event(1), event(2)]);
    await writer.flush();
    expect(writer.written).toBe(0);
    await sql`alter table station_events_away rename to station_events`.execute(t.store.db);
    writer.add([event(3)]);
    await writer.flush();
    expect(await storedSerials()).toEqual([1, 2, 3]);
    expect(writer.rejected).toBe(0);
  });
});
