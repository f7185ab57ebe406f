import { sql } from 'kysely';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import { alarmsDb, type NewAlarm } from './schema.ts';
import { AlarmWriter, type StoredAlarm } from './writer.ts';

// The alarm writer against real SQLite and PostgreSQL: ids back in order after the commit, ends before and after
// the insert, a row the database refuses, a table that is away for a while, and a storm that must all be stored.

const quiet = pino({ level: 'silent' });
const T0 = 1_790_000_000;

describe.each(ENGINES)('alarm writer on %s', (engine) => {
  let t: TestStore;
  let companyId: number;
  let delivered: StoredAlarm[][];
  let writer: AlarmWriter;

  function alarm(n: number, extra: Partial<NewAlarm> = {}): NewAlarm {
    return {
      company_id: companyId,
      alarm_key: `013800000001_1_${T0 + n}`,
      car_id: null,
      car_name: 'Bus 1',
      route_id: null,
      route_name: '',
      lpn: 'B-1',
      imei: '860000000000001',
      terminal_phone: '013800000001',
      alarm_type: 0,
      alarm_level: 3,
      platform_alarm_id: 1,
      device_alarm_id: 0,
      device_type: 'GPS',
      event_time: T0 + n,
      end_time: null,
      speed: 12,
      lat: 22.5,
      lng: 114.05,
      attached: '{}',
      attached_count: 0,
      created_at: T0 + n,
      ...extra,
    };
  }

  const stored = () =>
    alarmsDb(t.store.db)
      .selectFrom('alarms')
      .select(['id', 'alarm_key', 'event_time', 'end_time'])
      .orderBy('id')
      .execute();

  beforeEach(async () => {
    t = await createTestStore(engine);
    companyId = (
      await t.store.db
        .insertInto('companies')
        .values({ name: 'Alarm Transit', title: '', logo: '', config: '{}', created_at: T0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    delivered = [];
    writer = new AlarmWriter(t.store.db, quiet, (alarms) => delivered.push(alarms), { retryMs: 10 });
  });
  afterEach(async () => {
    await writer.stop();
    await t.drop();
  });

  it('stores a batch in one commit and hands it on with the ids of the rows', async () => {
    for (let n = 0; n < 1200; n++) writer.raise(alarm(n));
    await writer.flush();
    const rows = await stored();
    expect(rows).toHaveLength(1200);
    expect(delivered).toHaveLength(1);
    const byId = new Map(rows.map((r) => [Number(r.id), r.alarm_key]));
    for (const a of delivered[0] ?? []) expect(byId.get(a.id)).toBe(a.row.alarm_key);
    expect(writer.stats).toMatchObject({ raised: 1200, stored: 1200, rejected: 0, queued: 0 });
  });

  it('flushes by itself on the next turn of the event loop', async () => {
    writer.raise(alarm(1));
    await until(() => delivered.length === 1);
    expect((await stored()).map((r) => r.event_time)).toEqual([T0 + 1]);
  });

  it('writes an end that comes before the insert with the insert, and one after it as an update', async () => {
    const early = writer.raise(alarm(1));
    writer.end(early, T0 + 5);
    const late = writer.raise(alarm(2));
    await writer.flush();
    writer.end(late, T0 + 9);
    // A second end of the same alarm changes nothing.
    writer.end(late, T0 + 99);
    await writer.flush();
    expect((await stored()).map((r) => [r.event_time, r.end_time])).toEqual([
      [T0 + 1, T0 + 5],
      [T0 + 2, T0 + 9],
    ]);
    expect(writer.stats.ended).toBe(1);
  });

  it('ends an alarm adopted after a restart by its id', async () => {
    writer.raise(alarm(1));
    await writer.flush();
    const [row] = await stored();
    const again = new AlarmWriter(t.store.db, quiet, () => {});
    writer.end(again.adopt(Number(row?.id), alarm(1)), T0 + 30);
    await writer.flush();
    expect((await stored())[0]?.end_time).toBe(T0 + 30);
  });

  it('drops a row the database refuses and stores the rest of its batch', async () => {
    for (let n = 0; n < 7; n++) {
      // imei is NOT NULL: refused whatever batch it rides in.
      writer.raise(n === 4 ? alarm(n, { imei: null as unknown as string }) : alarm(n));
    }
    await writer.flush();
    expect((await stored()).map((r) => r.event_time - T0)).toEqual([0, 1, 2, 3, 5, 6]);
    expect(writer.stats).toMatchObject({ stored: 6, rejected: 1 });
    expect(delivered.flat()).toHaveLength(6);
  });

  it('keeps alarms and ends while the table is away, in order, and stores them once it is back', async () => {
    const first = writer.raise(alarm(1));
    await writer.flush();
    await sql`alter table alarms rename to alarms_away`.execute(t.store.db);
    writer.end(first, T0 + 3);
    writer.raise(alarm(2));
    writer.raise(alarm(3));
    await writer.flush();
    expect(writer.stats.failures).toBeGreaterThan(0);
    expect(writer.stats.queued).toBe(2);
    expect(delivered).toHaveLength(1);
    await sql`alter table alarms_away rename to alarms`.execute(t.store.db);
    await until(() => writer.stats.stored === 3 && writer.stats.ended === 1);
    expect((await stored()).map((r) => [r.event_time - T0, r.end_time === null ? null : r.end_time - T0])).toEqual([
      [1, 3],
      [2, null],
      [3, null],
    ]);
    expect(delivered.flat().map((a) => a.row.event_time - T0)).toEqual([1, 2, 3]);
  });

  it('stores every alarm of a storm raised faster than one commit', async () => {
    let raised = 0;
    // 20 event-loop turns of 500 alarms each, as a 1,000-alarm/s storm looks over ten seconds of drain chunks.
    for (let turn = 0; turn < 20; turn++) {
      for (let k = 0; k < 500; k++) writer.raise(alarm(raised++));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writer.flush();
    const count = await alarmsDb(t.store.db)
      .selectFrom('alarms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(raised);
    expect(delivered.flat()).toHaveLength(raised);
    expect(new Set(delivered.flat().map((a) => a.id)).size).toBe(raised);
  });
});

async function until(probe: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
