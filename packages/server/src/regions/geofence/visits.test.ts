import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/database.ts';
import { seedCompany } from '../../../test/helpers/server.ts';
import { regionDb } from '../schema.ts';
import { type VisitOpen, VisitWriter } from './visits.ts';

// The visit writer on both engines: opens inserted with their ids kept, closes written by id in one statement per
// flush, whatever the order the flushes see them in: an enter and its exit in one flush, an exit while its enter's
// insert runs, a re-entry, a visit left open over a restart, a close whose row the writer never saw, and more
// rows than one statement takes.

const quiet = pino({ level: 'silent' });
const T0 = 1_790_000_000;

/** Holds the first INSERT's result until `open()`: a flush caught between its insert and its commit. */
class InsertGate implements KyselyPlugin {
  readonly reached: Promise<void>;
  private arrive!: () => void;
  private release!: () => void;
  private readonly released = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  private readonly inserts = new Set<string>();

  constructor() {
    this.reached = new Promise((resolve) => {
      this.arrive = resolve;
    });
  }

  open(): void {
    this.release();
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind === 'InsertQueryNode') this.inserts.add(args.queryId.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.inserts.has(args.queryId.queryId)) {
      this.arrive();
      await this.released;
    }
    return args.result;
  }
}

describe.each(ENGINES)('visit writer on %s', (engine) => {
  let test: TestStore;
  let companyId: number;
  let regionIds: number[];
  let writer: VisitWriter;

  beforeAll(async () => {
    test = await createTestStore(engine);
    ({ companyId } = await seedCompany(test.store, 'Visits', 'visits'));
    const rows = await regionDb(test.store.db)
      .insertInto('regions')
      .values(
        [1, 2, 3].map((n) => ({
          company_id: companyId,
          region_name: `Region ${n}`,
          region_type: 1,
          use_type: 1,
          region_point: `22.5,114.${n},100`,
          created_by: null,
          created_at: T0,
          updated_at: T0,
        })),
      )
      .returning('id')
      .execute();
    regionIds = rows.map((r) => r.id);
  });

  afterAll(async () => {
    await test.drop();
  });

  beforeEach(async () => {
    await regionDb(test.store.db).deleteFrom('region_visits').execute();
    writer = new VisitWriter(test.store.db, quiet, 3_600_000);
  });

  const visit = (phone: string, region = 0, enterTime = T0): VisitOpen => ({
    companyId,
    regionId: regionIds[region] as number,
    vehicleId: null,
    terminalPhone: phone,
    enterTime,
  });
  const closed = (v: VisitOpen, exitTime: number) => ({ ...v, exitTime, dwellSeconds: exitTime - v.enterTime });
  const rows = () =>
    regionDb(test.store.db)
      .selectFrom('region_visits')
      .select(['id', 'region_id', 'terminal_phone', 'enter_time', 'exit_time', 'dwell_seconds'])
      .orderBy('id')
      .execute()
      .then((list) =>
        list.map((r) => ({
          region: regionIds.indexOf(r.region_id),
          phone: r.terminal_phone,
          enter: Number(r.enter_time),
          exit: r.exit_time === null ? null : Number(r.exit_time),
          dwell: r.dwell_seconds,
        })),
      );

  it('closes by id visits opened by an earlier flush, and inserts closed those that end in their own', async () => {
    const a = visit('a');
    const b = visit('b', 1);
    writer.open(a);
    writer.open(b);
    await writer.flush();
    writer.close(closed(a, T0 + 30));
    const c = visit('c', 2, T0 + 5);
    writer.open(c);
    writer.close(closed(c, T0 + 9));
    await writer.flush();
    expect(await rows()).toEqual([
      { region: 0, phone: 'a', enter: T0, exit: T0 + 30, dwell: 30 },
      { region: 1, phone: 'b', enter: T0, exit: null, dwell: null },
      { region: 2, phone: 'c', enter: T0 + 5, exit: T0 + 9, dwell: 4 },
    ]);
    expect(writer.tracked).toBe(1);
  });

  it('an exit queued while its enter is being inserted closes the row in the next flush', async () => {
    const gate = new InsertGate();
    writer = new VisitWriter(test.store.db.withPlugin(gate), quiet, 3_600_000);
    const a = visit('a');
    writer.open(a);
    const first = writer.flush();
    // The insert ran and waits to return its ids; its transaction is not committed.
    await gate.reached;
    writer.close(closed(a, T0 + 12));
    gate.open();
    await first;
    await writer.flush();
    expect(await rows()).toEqual([{ region: 0, phone: 'a', enter: T0, exit: T0 + 12, dwell: 12 }]);
  });

  it('a re-entry is another visit: each exit closes its own row', async () => {
    const first = visit('a', 0, T0);
    const second = visit('a', 0, T0 + 100);
    writer.open(first);
    await writer.flush();
    writer.close(closed(first, T0 + 50));
    writer.open(second);
    await writer.flush();
    writer.close(closed(second, T0 + 160));
    await writer.flush();
    expect(await rows()).toEqual([
      { region: 0, phone: 'a', enter: T0, exit: T0 + 50, dwell: 50 },
      { region: 0, phone: 'a', enter: T0 + 100, exit: T0 + 160, dwell: 60 },
    ]);
  });

  it('closes by id a visit adopted at a restart, and by its key one it never saw', async () => {
    const a = visit('a');
    const b = visit('b', 1);
    const [row] = await regionDb(test.store.db)
      .insertInto('region_visits')
      .values(
        [a, b].map((v) => ({
          company_id: companyId,
          region_id: v.regionId,
          terminal_phone: v.terminalPhone,
          enter_time: v.enterTime,
        })),
      )
      .returning('id')
      .execute();
    writer.adopt(a, Number(row?.id));
    writer.close(closed(a, T0 + 7));
    writer.close(closed(b, T0 + 8));
    await writer.flush();
    expect(await rows()).toEqual([
      { region: 0, phone: 'a', enter: T0, exit: T0 + 7, dwell: 7 },
      { region: 1, phone: 'b', enter: T0, exit: T0 + 8, dwell: 8 },
    ]);
    expect(writer.tracked).toBe(0);
  });

  it('opens and closes more visits than one statement takes', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => visit(`p${i}`, i % 3));
    for (const v of many) writer.open(v);
    await writer.flush();
    for (const v of many.slice(0, 2400)) writer.close(closed(v, T0 + 60));
    await writer.flush();
    const list = await rows();
    expect(list).toHaveLength(2500);
    expect(list.filter((r) => r.exit === T0 + 60 && r.dwell === 60)).toHaveLength(2400);
    expect(list.slice(2400).every((r) => r.exit === null && r.phone === `p${list.indexOf(r)}`)).toBe(true);
  });

  it('forgets the open visits of a region deleted', async () => {
    writer.open(visit('a', 0));
    writer.open(visit('b', 1));
    await writer.flush();
    writer.keepRegions(companyId, new Set([regionIds[1] as number]));
    expect(writer.tracked).toBe(1);
  });
});
