import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../store/schema.ts';
import { regionDb } from '../schema.ts';

// region_visits as the geofence writes them: a row opened on enter (exit_time null) and closed with its dwell on
// exit. Batched off the ingest's hot path, one transaction per flush; a flush inserts before it closes, and a close names its visit by enter
// time, so an enter and its exit in one batch (or a re-entry) close the right row.

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

/** Rows per INSERT (5 columns: far under SQLite's 32,766 parameters and PostgreSQL's 65,535). */
const OPEN_CHUNK = 1000;

export class VisitWriter {
  private opens: VisitOpen[] = [];
  private closes: VisitClose[] = [];
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

  open(visit: VisitOpen): void {
    this.opens.push(visit);
  }

  close(visit: VisitClose): void {
    this.closes.push(visit);
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

  private async write(opens: VisitOpen[], closes: VisitClose[]): Promise<void> {
    if (opens.length === 0 && closes.length === 0) return;
    try {
      // One transaction per flush: on SQLite each statement alone is its own commit, and closes come one UPDATE
      // each (hundreds a second when vehicles cross many regions).
      await regionDb(this.db)
        .transaction()
        .execute(async (trx) => {
          // Chunked: SQLite caps bound parameters per statement (a restart can open thousands of visits at once).
          for (let i = 0; i < opens.length; i += OPEN_CHUNK) {
            await trx
              .insertInto('region_visits')
              .values(
                opens.slice(i, i + OPEN_CHUNK).map((v) => ({
                  company_id: v.companyId,
                  region_id: v.regionId,
                  vehicle_id: v.vehicleId,
                  terminal_phone: v.terminalPhone,
                  enter_time: v.enterTime,
                })),
              )
              .execute();
          }
          for (const v of closes) {
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
        });
    } catch (err) {
      // A region deleted meanwhile (foreign key) loses its visit rows anyway; the next batch is unaffected.
      this.logger.warn({ err, opens: opens.length, closes: closes.length }, 'region visits not written');
    }
  }
}
