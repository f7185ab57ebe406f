import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { RealData } from '../live/real-data.ts';
import type { SegmentTimes } from '../progress/index.ts';
import { parseJson } from '../store/json.ts';
import type { Database } from '../store/schema.ts';
import { ingestDb } from './schema.ts';

// The live state of each vehicle (its last real_data, with route progress, passengers and cards) in memory, and
// upserted in batches every few seconds (only vehicles that changed), so a restart shows the fleet where it was.

export interface SavedLiveState {
  companyId: number;
  carId: number;
  terminalPhone: string;
  realData: RealData;
}

interface Held {
  companyId: number;
  carId: number;
  terminalPhone: string;
  data: RealData;
  dirty: boolean;
}

/** Rows per upsert statement (8 columns: far below SQLite's parameter cap). */
const CHUNK = 500;

export class LiveStateStore {
  private readonly held = new Map<string, Held>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private segments: () => { companyId: number; times: SegmentTimes }[] = () => [];
  private flushes = 0;
  written = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
    private readonly intervalMs: number,
    private readonly now: () => number,
  ) {}

  async load(): Promise<SavedLiveState[]> {
    const rows = await ingestDb(this.db)
      .selectFrom('vehicle_live_state')
      .select(['company_id', 'car_id', 'terminal_phone', 'real_data'])
      .execute();
    const out: SavedLiveState[] = [];
    for (const r of rows) {
      const realData = parseJson<RealData | null>(r.real_data, null);
      if (!realData) continue;
      out.push({ companyId: r.company_id, carId: r.car_id, terminalPhone: r.terminal_phone, realData });
      this.held.set(`${r.company_id}|${r.car_id}`, {
        companyId: r.company_id,
        carId: r.car_id,
        terminalPhone: r.terminal_phone,
        data: realData,
        dirty: false,
      });
    }
    return out;
  }

  async loadSegmentTimes(): Promise<{ companyId: number; times: SegmentTimes }[]> {
    const rows = await ingestDb(this.db).selectFrom('line_segment_times').select(['company_id', 'times']).execute();
    const out: { companyId: number; times: SegmentTimes }[] = [];
    for (const r of rows) {
      const times = parseJson<SegmentTimes | null>(r.times, null);
      if (times) out.push({ companyId: r.company_id, times });
    }
    return out;
  }

  start(segments: () => { companyId: number; times: SegmentTimes }[]): void {
    this.segments = segments;
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  set(companyId: number, carId: number, terminalPhone: string, data: RealData): void {
    const key = `${companyId}|${carId}`;
    const held = this.held.get(key);
    if (held) {
      if (data.et < held.data.et) return;
      held.data = data;
      held.terminalPhone = terminalPhone;
    } else this.held.set(key, { companyId, carId, terminalPhone, data, dirty: true });
    this.dirty.add(key);
  }

  /** Upserts the vehicles changed since the last flush (and, every 12th flush, the learned segment times). */
  async flush(withSegments = false): Promise<void> {
    while (this.flushing) await this.flushing;
    const keys = [...this.dirty];
    this.dirty.clear();
    this.flushes++;
    const segments = withSegments || this.flushes % 12 === 0 ? this.segments() : [];
    if (keys.length === 0 && segments.length === 0) return;
    const now = this.now();
    const rows = keys.flatMap((key) => {
      const h = this.held.get(key);
      return h
        ? [
            {
              company_id: h.companyId,
              car_id: h.carId,
              imei: h.data.imei,
              terminal_phone: h.terminalPhone,
              event_time: h.data.et,
              real_data: JSON.stringify(h.data),
              updated_at: now,
            },
          ]
        : [];
    });
    const db = ingestDb(this.db);
    this.flushing = db
      .transaction()
      .execute(async (trx) => {
        for (let i = 0; i < rows.length; i += CHUNK) {
          await trx
            .insertInto('vehicle_live_state')
            .values(rows.slice(i, i + CHUNK))
            .onConflict((c) =>
              c.columns(['company_id', 'car_id']).doUpdateSet((eb) => ({
                imei: eb.ref('excluded.imei'),
                terminal_phone: eb.ref('excluded.terminal_phone'),
                event_time: eb.ref('excluded.event_time'),
                real_data: eb.ref('excluded.real_data'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute();
        }
        for (const s of segments) {
          await trx
            .insertInto('line_segment_times')
            .values({
              company_id: s.companyId,
              route_code: s.times.routeCode,
              times: JSON.stringify(s.times),
              updated_at: now,
            })
            .onConflict((c) =>
              c.columns(['company_id', 'route_code']).doUpdateSet((eb) => ({
                times: eb.ref('excluded.times'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute();
        }
      })
      .then(() => {
        this.written += rows.length;
      })
      .catch((error: unknown) => {
        this.logger.warn({ err: error, rows: rows.length }, 'live state upsert failed; retrying next flush');
        for (const k of keys) this.dirty.add(k);
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  async stop(segments: { companyId: number; times: SegmentTimes }[]): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.segments = () => segments;
    await this.flush(true);
  }
}
