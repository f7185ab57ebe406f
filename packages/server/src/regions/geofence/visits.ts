import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../store/schema.ts';
import { regionDb } from '../schema.ts';

// region_visits as the geofence writes them: a row opened on enter (exit_time null) and closed with its dwell on
// exit. Batched off the ingest's hot path, one transaction per flush. The writer keeps the row id of each visit
// still open (returned by its insert, or read back at a restart), so a flush closes all its visits in one UPDATE
// joined by id: one statement each had been a third of what an alarm storm's regions cost. A visit that ends
// before its row is inserted is inserted closed. A close whose id is unknown (its insert failed) names its row by
// its visit's key instead, the enter time telling a re-entry from the visit before.

export interface VisitOpen {
  companyId: number;
  regionId: number;
  vehicleId: number | null;
  terminalPhone: string;
  enterTime: number;
}

export interface VisitClose extends VisitOpen {
  exitTime: number;
  dwellSeconds: number;
}

/** An open visit as the writer tracks it. */
interface VisitRow {
  readonly visit: VisitOpen;
  /** The row's id once its insert committed (or read back at a restart). */
  id: number | undefined;
  /** Its insert is not built yet: a close now is written by that insert. */
  queued: boolean;
  exitTime: number | null;
  dwellSeconds: number | null;
}

interface QueuedClose {
  /** The open visit it ends, if the writer knows it. */
  row: VisitRow | undefined;
  visit: VisitClose;
}

/** Rows per statement (7 parameters an insert row, 3 a close): far under SQLite's 32,766 and PostgreSQL's 65,535. */
const CHUNK = 1000;

export class VisitWriter {
  private opens: VisitRow[] = [];
  private closes: QueuedClose[] = [];
  /** company → visit key → the visit while it is open. */
  private readonly live = new Map<number, Map<string, VisitRow>>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
    private readonly flushMs: number,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  /** A visit the store holds open (a restart): its close is written by id. */
  adopt(visit: VisitOpen, id: number): void {
    this.track({ visit, id, queued: false, exitTime: null, dwellSeconds: null });
  }

  open(visit: VisitOpen): void {
    const row: VisitRow = { visit, id: undefined, queued: true, exitTime: null, dwellSeconds: null };
    this.opens.push(row);
    this.track(row);
  }

  close(visit: VisitClose): void {
    const rows = this.live.get(visit.companyId);
    const key = keyOf(visit);
    const row = rows?.get(key);
    if (row) rows?.delete(key);
    if (row?.queued) {
      row.exitTime = visit.exitTime;
      row.dwellSeconds = visit.dwellSeconds;
      return;
    }
    this.closes.push({ row, visit });
  }

  /** Forgets the open visits of a company's regions not in `regionIds` (deleted: their rows went with them). */
  keepRegions(companyId: number, regionIds: ReadonlySet<number>): void {
    const rows = this.live.get(companyId);
    if (!rows) return;
    for (const [key, row] of rows) if (!regionIds.has(row.visit.regionId)) rows.delete(key);
    if (rows.size === 0) this.live.delete(companyId);
  }

  /** Open visits tracked (tests). */
  get tracked(): number {
    let n = 0;
    for (const rows of this.live.values()) n += rows.size;
    return n;
  }

  /** Writes what is queued; resolves once this and every earlier flush is done. Never rejects. */
  flush(): Promise<void> {
    const opens = this.opens;
    const closes = this.closes;
    this.opens = [];
    this.closes = [];
    this.flushing = this.flushing.then(() => this.write(opens, closes));
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private track(row: VisitRow): void {
    let rows = this.live.get(row.visit.companyId);
    if (!rows) {
      rows = new Map();
      this.live.set(row.visit.companyId, rows);
    }
    rows.set(keyOf(row.visit), row);
  }

  private async write(opens: VisitRow[], closes: QueuedClose[]): Promise<void> {
    if (opens.length === 0 && closes.length === 0) return;
    // Flushes run one after the other: a close queued while its open's insert ran finds the id now.
    const byId: { id: number; exitTime: number; dwellSeconds: number }[] = [];
    const byKey: VisitClose[] = [];
    for (const c of closes) {
      const id = c.row?.id;
      if (id === undefined) byKey.push(c.visit);
      else byId.push({ id, exitTime: c.visit.exitTime, dwellSeconds: c.visit.dwellSeconds });
    }
    try {
      // One transaction per flush: on SQLite each statement alone is its own commit.
      const ids = await regionDb(this.db)
        .transaction()
        .execute(async (trx) => {
          const ids: number[] = [];
          // Chunked: SQLite caps bound parameters per statement (a restart can open thousands of visits at once).
          for (let i = 0; i < opens.length; i += CHUNK) {
            const part = opens.slice(i, i + CHUNK);
            const values = part.map((row) => {
              // From here on a close of this visit waits for its id (next flush).
              row.queued = false;
              const v = row.visit;
              return {
                company_id: v.companyId,
                region_id: v.regionId,
                vehicle_id: v.vehicleId,
                terminal_phone: v.terminalPhone,
                enter_time: v.enterTime,
                exit_time: row.exitTime,
                dwell_seconds: row.dwellSeconds,
              };
            });
            const back = await trx
              .insertInto('region_visits')
              .values(values)
              .returning(['id', 'region_id', 'terminal_phone', 'enter_time'])
              .execute();
            for (const id of idsInOrder(part, back)) ids.push(id);
          }
          for (let i = 0; i < byId.length; i += CHUNK) {
            const rows = byId
              .slice(i, i + CHUNK)
              .map((c, k) =>
                k === 0
                  ? sql`(CAST(${c.id} AS bigint), CAST(${c.exitTime} AS bigint), CAST(${c.dwellSeconds} AS integer))`
                  : sql`(${c.id}, ${c.exitTime}, ${c.dwellSeconds})`,
              );
            // Both engines name a VALUES list's columns column1, column2…. PostgreSQL types the columns from all
            // the rows together, so the first row's casts suffice; a cast on every row tripled SQLite's time.
            await sql`UPDATE region_visits SET exit_time = v.column2, dwell_seconds = v.column3
              FROM (VALUES ${sql.join(rows)}) AS v
              WHERE region_visits.id = v.column1 AND region_visits.exit_time IS NULL`.execute(trx);
          }
          for (const v of byKey) {
            await trx
              .updateTable('region_visits')
              .set({ exit_time: v.exitTime, dwell_seconds: v.dwellSeconds })
              .where('company_id', '=', v.companyId)
              .where('region_id', '=', v.regionId)
              .where('terminal_phone', '=', v.terminalPhone)
              .where('enter_time', '=', v.enterTime)
              .where('exit_time', 'is', null)
              .execute();
          }
          return ids;
        });
      // Only once committed: a rolled-back insert has no row to close by id.
      for (let i = 0; i < opens.length; i++) (opens[i] as VisitRow).id = ids[i];
    } catch (err) {
      // A region deleted meanwhile (foreign key) loses its visit rows anyway; the next batch is unaffected.
      this.logger.warn({ err, opens: opens.length, closes: closes.length }, 'region visits not written');
    }
  }
}

/** A visit among a company's: its vehicle, its region and when it began (a re-entry is another visit). */
function keyOf(v: VisitOpen): string {
  return `${v.terminalPhone}|${v.regionId}|${v.enterTime}`;
}

/**
 * The ids of an insert's rows in the order of `part`. Both engines number the rows of one INSERT … VALUES in the
 * order of the list, so the ids sorted ascending line up with it; that is checked, and the rows matched by key if
 * an engine ever answered otherwise.
 */
function idsInOrder(
  part: readonly VisitRow[],
  back: { id: number; region_id: number; terminal_phone: string; enter_time: number }[],
): number[] {
  const keyOfRow = (r: (typeof back)[number]) => `${r.terminal_phone}|${r.region_id}|${Number(r.enter_time)}`;
  back.sort((a, b) => Number(a.id) - Number(b.id));
  if (back.every((r, k) => keyOfRow(r) === keyOf((part[k] as VisitRow).visit))) return back.map((r) => Number(r.id));
  const byKey = new Map<string, number[]>();
  for (const r of back) {
    const list = byKey.get(keyOfRow(r));
    if (list) list.push(Number(r.id));
    else byKey.set(keyOfRow(r), [Number(r.id)]);
  }
  return part.map((row) => byKey.get(keyOf(row.visit))?.shift() as number);
}
