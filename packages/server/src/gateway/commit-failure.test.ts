import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import type { Engine } from '../store/db.ts';
import { trackDb } from '../tracks/schema.ts';
import { Gateway } from './gateway.ts';
import { busFix, seedDevices } from './testing/fixture.ts';
import { TestTerminal } from './testing/terminal.ts';

// "No acknowledged position is lost" from the failing side (docs/gateway.md "Ack after commit"): the database
// refuses one group commit, so no report in it may be acked; the terminals then resend the same frames (same flow
// ids), which are stored exactly once — nothing of the failed commit may have stayed behind.

const A = '013800138000';
const B = '013800138001';

const VARIANTS = [
  ...ENGINES.map((engine) => ({ name: engine, engine, sqliteWriterThread: false })),
  { name: 'sqlite, writer thread', engine: 'sqlite' as Engine, sqliteWriterThread: true },
];

/** A trigger that makes the database refuse any insert of the position with this fix time (a real failure). */
async function refuseInsertsOf(t: TestStore, engine: Engine, eventTime: number): Promise<void> {
  const time = sql.lit(eventTime);
  if (engine === 'sqlite') {
    await sql`create trigger refuse_commit before insert on positions when new.event_time = ${time}
      begin select raise(abort, 'injected commit failure'); end`.execute(t.store.db);
    return;
  }
  await sql`create function refuse_commit() returns trigger language plpgsql as $$
    begin
      if new.event_time = ${time} then raise exception 'injected commit failure'; end if;
      return new;
    end $$`.execute(t.store.db);
  await sql`create trigger refuse_commit before insert on positions
    for each row execute function refuse_commit()`.execute(t.store.db);
}

async function acceptInsertsAgain(t: TestStore, engine: Engine): Promise<void> {
  if (engine === 'sqlite') {
    await sql`drop trigger refuse_commit`.execute(t.store.db);
    return;
  }
  await sql`drop trigger refuse_commit on positions`.execute(t.store.db);
  await sql`drop function refuse_commit()`.execute(t.store.db);
}

describe.each(VARIANTS)('a failed group commit on $name', ({ engine, sqliteWriterThread }) => {
  let t: TestStore;
  let gateway: Gateway;
  let commitFailed: Promise<void>;
  const terminals: TestTerminal[] = [];

  async function online(phone: string): Promise<TestTerminal> {
    const term = await TestTerminal.connect(gateway.ports.jt808, phone);
    terminals.push(term);
    const reg = await term.register();
    expect(await term.authenticate(reg.token ?? '')).toBe(0);
    return term;
  }

  /** A heartbeat's ack: everything the platform wrote to this terminal before answering it has been received. */
  async function roundTrip(term: TestTerminal): Promise<void> {
    await term.ackOf(term.send({ msgId: 0x0002, body: {} }));
  }

  beforeEach(async () => {
    t = await createTestStore(engine);
    await seedDevices(t.store, [A, B]);
    // The gateway logs a failed commit once it has handled it (not acked); the test waits for that line.
    let failed: () => void = () => {};
    commitFailed = new Promise<void>((resolve) => {
      failed = resolve;
    });
    const log = new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (chunk.toString().includes('position batch failed')) failed();
        done();
      },
    });
    gateway = new Gateway(t.store, pino({ level: 'warn' }, log), {
      host: '127.0.0.1',
      port: 0,
      mediaPort: 0,
      attachmentPort: 0,
      sqliteWriterThread,
    });
    await gateway.start();
  });

  afterEach(async () => {
    for (const term of terminals.splice(0)) term.close();
    await gateway.stop();
    await t.drop();
  });

  it('withholds the acks of every report in it, and stores the resent reports exactly once', async () => {
    const a = await online(A);
    const b = await online(B);
    const now = Math.floor(Date.now() / 1000);
    // Kept as bytes so the resend is the same frames, flow ids included, as a terminal retransmits them.
    const reports = [
      ...[0, 1, 2].map((i) => ({
        term: a,
        phone: A,
        time: now - 10 + i,
        ...a.encode({ msgId: 0x0200, body: busFix(now - 10 + i, i) }),
      })),
      ...[0, 1].map((i) => ({
        term: b,
        phone: B,
        time: now - 5 + i,
        ...b.encode({ msgId: 0x0200, body: busFix(now - 5 + i, i) }),
      })),
    ];
    // The database refuses the last report of the group: the rows before it must not stay either.
    await refuseInsertsOf(t, engine, now - 4);

    const release = gateway.writer.hold();
    for (const r of reports) r.term.write(r.bytes);
    // Frames are handled in order: once the heartbeats are answered, every report waits in one group.
    await Promise.all([roundTrip(a), roundTrip(b)]);
    expect(gateway.writer.queued).toBe(reports.length);
    release();
    await commitFailed;
    expect(gateway.metrics.batchErrors).toBe(1);
    // An ack of the failed group would have been written before these heartbeats' acks.
    await Promise.all([roundTrip(a), roundTrip(b)]);
    const reportAcks = [a, b].flatMap((term) =>
      term.received.filter((m) => m.msgId === 0x8001 && m.body.replyMsgId === 0x0200),
    );
    expect(reportAcks).toEqual([]);
    expect(await trackDb(t.store.db).selectFrom('positions').select('id').execute()).toEqual([]);

    await acceptInsertsAgain(t, engine);
    for (const r of reports) r.term.write(r.bytes);
    const acks = await Promise.all(reports.map((r) => r.term.ackOf(r.flowId)));
    expect(acks.map((ack) => ack.body.result)).toEqual(reports.map(() => 0));
    const stored = await trackDb(t.store.db)
      .selectFrom('positions')
      .select(['terminal_phone', 'event_time'])
      .orderBy('terminal_phone')
      .orderBy('event_time')
      .execute();
    // Ordered as `reports` is: A's fixes, then B's, each in time order.
    expect(stored).toEqual(reports.map((r) => ({ terminal_phone: r.phone, event_time: r.time })));
  });
});
