import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { NewStationEvent } from '../departures/schema.ts';
import { StationEventWriter } from '../departures/writer.ts';
import { liveState } from '../live/gateway-feed.ts';
import type { RealData, RealDataAttached } from '../live/real-data.ts';
import { type ProgressOptions, RouteProgressEngine, type SegmentTimes } from '../progress/index.ts';
import type { Database } from '../store/schema.ts';
import type { StoredPosition } from '../tracks/position-row.ts';
import {
  type LineInfo,
  lineKey,
  linesSignature,
  loadEmployees,
  loadLines,
  loadVehicles,
  type VehicleInfo,
  vehicleKey,
} from './directory.ts';
import { LiveStateStore, type SavedLiveState } from './state-store.ts';
import { vendorItemsOf } from './vendor-items.ts';

// Committed positions → vehicle/line lookup → route progress → enriched real_data → live channel; arrival and
// departure events → batched insert; live state per vehicle → batched upsert. See docs/ingest.md "Pipeline".

/** What the pipeline publishes to (app.live). */
export interface LivePublisher {
  publishPositions(companyId: number, positions: readonly RealData[]): void;
}

export interface IngestOptions {
  /** Positions processed per event-loop turn before yielding (keeps the gateway's sockets served). */
  chunk: number;
  /** Live state upsert interval. */
  stateFlushMs: number;
  /** Station events insert interval. */
  eventFlushMs: number;
  /** Directory refresh interval (vehicles every time, lines when their signature changed). */
  refreshMs: number;
  /** On start, replay this many seconds of stored positions to rebuild each vehicle's line progress. */
  warmupSeconds: number;
  /** Queue bound: beyond it the oldest batches are dropped for enrichment (they are stored already). */
  maxQueued: number;
  progress: Partial<ProgressOptions>;
}

export const DEFAULT_INGEST_OPTIONS: IngestOptions = {
  chunk: 2000,
  stateFlushMs: 5000,
  eventFlushMs: 1000,
  refreshMs: 30_000,
  warmupSeconds: 900,
  maxQueued: 200_000,
  progress: {},
};

const STATE_DEVIATION = 1 << 7;
const WARNING_DEVIATION = 1 << 23;
const MOVING_KMH = 1;

interface VehicleMemory {
  lastEt: number;
  moving: boolean;
  movingTime: number;
  /** Last vendor data seen (terminals send it on every report, but keep it when one is missing). */
  passenger?: RealData['passenger'];
  card?: RealData['card'];
}

export interface IngestStats {
  processed: number;
  published: number;
  events: number;
  dropped: number;
  queued: number;
  /** Time spent in the progress work, ms (sum). */
  busyMs: number;
  /** Route-deviation alarms raised (entries into deviation; benches compare them with the simulator's detours). */
  deviations: number;
}

export class IngestPipeline {
  readonly options: IngestOptions;
  readonly stats: IngestStats = {
    processed: 0,
    published: 0,
    events: 0,
    dropped: 0,
    queued: 0,
    busyMs: 0,
    deviations: 0,
  };
  /** One engine per company: line codes are unique only within a company. */
  private readonly engines = new Map<number, RouteProgressEngine>();
  private vehicles = new Map<string, VehicleInfo>();
  private lines = new Map<string, LineInfo>();
  private employees = new Map<string, string>();
  private signature = '';
  private readonly memory = new Map<string, VehicleMemory>();
  private queue: (readonly StoredPosition[])[] = [];
  private queueHead = 0;
  private queuedPositions = 0;
  private draining = false;
  private scheduled = false;
  private ready = false;
  private refreshTimer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private lastMissRefresh = 0;
  private stopped = false;
  readonly events: StationEventWriter;
  readonly state: LiveStateStore;
  /** Listeners for every station event (tests, benches, later the dispatch console). */
  private readonly eventListeners = new Set<(rows: readonly NewStationEvent[]) => void>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly live: LivePublisher,
    private readonly logger: Logger,
    options: Partial<IngestOptions> = {},
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.options = { ...DEFAULT_INGEST_OPTIONS, ...options };
    this.events = new StationEventWriter(db, logger, this.options.eventFlushMs);
    this.state = new LiveStateStore(db, logger, this.options.stateFlushMs, now);
  }

  /** Loads the directory, restores the saved live state and learned times, warms the engines; then drains. */
  async start(): Promise<void> {
    await this.refresh(true);
    const saved = await this.state.load();
    this.restoreLive(saved);
    for (const times of await this.state.loadSegmentTimes())
      this.engineOf(times.companyId).restoreSegmentTimes(times.times);
    await this.warmUp();
    this.ready = true;
    this.refreshTimer = setInterval(() => void this.refresh(false), this.options.refreshMs);
    this.refreshTimer.unref();
    this.state.start(() => this.segmentTimes());
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    // Process what is queued so its events and state are kept.
    if (this.ready) this.drainAll();
    await this.events.stop();
    await this.state.stop(this.segmentTimes());
  }

  onStationEvents(listener: (rows: readonly NewStationEvent[]) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /**
   * The gateway's commit listener: only enqueues (the acks are sent right after it returns); the work runs on a
   * later turn of the event loop.
   */
  readonly enqueue = (batch: readonly StoredPosition[]): void => {
    if (this.stopped || batch.length === 0) return;
    this.queue.push(batch);
    this.queuedPositions += batch.length;
    while (this.queuedPositions > this.options.maxQueued && this.queueHead < this.queue.length) {
      const old = this.queue[this.queueHead++];
      this.queuedPositions -= old?.length ?? 0;
      this.stats.dropped += old?.length ?? 0;
    }
    this.schedule();
  };

  /** Forces a directory reload (lines or vehicles edited). */
  invalidate(): Promise<void> {
    return this.refresh(true);
  }

  /** Newest real_data per vehicle this process holds (for readers that want it without app.live). */
  liveState(companyId: number): RealData[] {
    return this.state.of(companyId);
  }

  private schedule(): void {
    if (this.scheduled || this.draining || !this.ready) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drainSome();
    });
  }

  private drainSome(): void {
    this.draining = true;
    const started = performance.now();
    try {
      let budget = this.options.chunk;
      const out = new Map<number, RealData[]>();
      const events: NewStationEvent[] = [];
      while (budget > 0 && this.queueHead < this.queue.length) {
        const batch = this.queue[this.queueHead++] as readonly StoredPosition[];
        this.queuedPositions -= batch.length;
        for (const p of batch) this.process(p, out, events);
        budget -= batch.length;
      }
      if (this.queueHead === this.queue.length) {
        this.queue = [];
        this.queueHead = 0;
      } else if (this.queueHead > 1024) {
        this.queue = this.queue.slice(this.queueHead);
        this.queueHead = 0;
      }
      this.flushOut(out, events);
    } catch (error) {
      this.logger.error({ err: error }, 'ingest batch failed');
    } finally {
      this.stats.busyMs += performance.now() - started;
      this.stats.queued = this.queuedPositions;
      this.draining = false;
    }
    if (this.queueHead < this.queue.length) this.schedule();
  }

  private drainAll(): void {
    while (this.queueHead < this.queue.length) this.drainSome();
  }

  private flushOut(out: Map<number, RealData[]>, events: NewStationEvent[]): void {
    for (const [companyId, list] of out) {
      this.live.publishPositions(companyId, list);
      this.stats.published += list.length;
    }
    if (events.length > 0) {
      this.stats.events += events.length;
      this.events.add(events);
      for (const l of this.eventListeners) {
        try {
          l(events);
        } catch (error) {
          this.logger.warn({ err: error }, 'station event listener failed');
        }
      }
    }
  }

  /** One committed position → real_data (and events). Exposed for the bench and tests through drain. */
  private process(p: StoredPosition, out: Map<number, RealData[]>, events: NewStationEvent[] | null): void {
    this.stats.processed++;
    const vKey = vehicleKey(p.companyId, p.terminalPhone);
    const vehicle = this.vehicles.get(vKey);
    if (!vehicle && p.vehicleId !== null) this.refreshOnMiss();
    let memory = this.memory.get(vKey);
    if (!memory) {
      memory = { lastEt: 0, moving: false, movingTime: p.eventTime };
      this.memory.set(vKey, memory);
    }
    const older = p.eventTime < memory.lastEt;

    let state = liveState(p);
    let warning = p.warning >>> 0;
    let route: RealData['route'];
    if (vehicle?.routeCode) {
      const engine = this.engineOf(p.companyId);
      const key = String(vehicle.carId);
      engine.bind(key, vehicle.routeCode);
      const u = engine.update(key, {
        lat: p.lat,
        lng: p.lng,
        speed: p.speed,
        azimuth: p.azimuth,
        time: p.eventTime,
        state,
      });
      if (u) {
        state = u.state >>> 0;
        if (u.deviation?.kind === 'start') this.stats.deviations++;
        if (u.snapshot.deviating) warning = (warning | u.warningMask | WARNING_DEVIATION) >>> 0;
        else state = (state & ~STATE_DEVIATION) >>> 0;
        route = { ...u.snapshot.route };
        if (events) {
          for (const e of u.stationEvents) {
            events.push({
              company_id: p.companyId,
              imei: vehicle.imei,
              terminal_phone: p.terminalPhone,
              car_id: vehicle.carId,
              car_name: vehicle.carName,
              route_code: e.routeCode,
              route_name: e.routeName || vehicle.routeName || '',
              direction: e.direction,
              serial: e.serial,
              station_name: e.stationName,
              flag: e.flag,
              event_time: e.eventTime,
              state,
              support: e.estimated ? 1 : 0,
              created_at: this.now(),
            });
          }
        }
      }
    }
    // A resent (blind-area) report is stored and teaches nothing here; the map keeps the newest fix.
    if (older) return;

    const moving = p.speed >= MOVING_KMH;
    if (moving !== memory.moving) {
      memory.moving = moving;
      memory.movingTime = p.eventTime;
    }
    memory.lastEt = p.eventTime;
    const vendor = vendorItemsOf(p.report.items);
    if (vendor.passenger) memory.passenger = vendor.passenger;
    if (vendor.card) {
      const card = { ...vendor.card };
      const den = card.dei ? this.employees.get(`${p.companyId}|${card.dei}`) : undefined;
      const cen = card.cei ? this.employees.get(`${p.companyId}|${card.cei}`) : undefined;
      if (den) card.den = den;
      if (cen) card.cen = cen;
      memory.card = card;
    }

    const att: RealDataAttached = {};
    if (typeof p.attached.satellites === 'number') att.sat = p.attached.satellites;
    if (typeof p.attached.signal === 'number') att.gsm = p.attached.signal;
    if (p.mileage !== null) att.max_km = p.mileage;
    if (memory.card?.dei) att.dei = memory.card.dei;
    if (memory.card?.den) att.den = memory.card.den;

    const data: RealData = {
      imei: vehicle?.imei ?? p.terminalPhone,
      lat: p.lat,
      lng: p.lng,
      v: p.speed,
      a: p.azimuth,
      s: state,
      w: warning,
      et: p.eventTime,
      rt: p.receiveTime,
      mt: memory.movingTime,
      ...(route ? { route } : {}),
      ...(memory.passenger ? { passenger: memory.passenger } : {}),
      ...(Object.keys(att).length > 0 ? { att } : {}),
      ...(memory.card ? { card: memory.card } : {}),
    };
    let list = out.get(p.companyId);
    if (!list) {
      list = [];
      out.set(p.companyId, list);
    }
    list.push(data);
    if (vehicle) this.state.set(p.companyId, vehicle.carId, p.terminalPhone, data);
  }

  private engineOf(companyId: number): RouteProgressEngine {
    let e = this.engines.get(companyId);
    if (!e) {
      e = new RouteProgressEngine(this.options.progress);
      this.engines.set(companyId, e);
    }
    return e;
  }

  private segmentTimes(): { companyId: number; times: SegmentTimes }[] {
    const out: { companyId: number; times: SegmentTimes }[] = [];
    for (const line of this.lines.values()) {
      const times = this.engines.get(line.companyId)?.segmentTimes(line.routeCode);
      if (times) out.push({ companyId: line.companyId, times });
    }
    return out;
  }

  private refreshOnMiss(): void {
    const now = Date.now();
    if (now - this.lastMissRefresh < 10_000) return;
    this.lastMissRefresh = now;
    void this.refresh(false, true);
  }

  private refresh(force: boolean, vehiclesOnly = false): Promise<void> {
    if (this.refreshing) return this.refreshing;
    this.refreshing = (async () => {
      try {
        this.vehicles = await loadVehicles(this.db);
        this.employees = await loadEmployees(this.db);
        if (vehiclesOnly && !force) return;
        const signature = await linesSignature(this.db);
        if (!force && signature === this.signature) return;
        this.signature = signature;
        const lines = await loadLines(this.db);
        for (const [key, line] of lines) {
          const held = this.lines.get(key);
          if (held && held.fingerprint === line.fingerprint) continue;
          this.engineOf(line.companyId).setLine(line.geometry);
        }
        for (const [key, line] of this.lines) {
          if (!lines.has(key)) this.engines.get(line.companyId)?.removeLine(line.routeCode);
        }
        this.lines = lines;
      } catch (error) {
        this.logger.warn({ err: error }, 'ingest directory refresh failed');
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private restoreLive(saved: readonly SavedLiveState[]): void {
    const byCompany = new Map<number, RealData[]>();
    for (const s of saved) {
      const vKey = vehicleKey(s.companyId, s.terminalPhone);
      this.memory.set(vKey, {
        lastEt: 0,
        moving: s.realData.v >= MOVING_KMH,
        movingTime: s.realData.mt ?? s.realData.et,
        ...(s.realData.passenger ? { passenger: s.realData.passenger } : {}),
        ...(s.realData.card ? { card: s.realData.card } : {}),
      });
      let list = byCompany.get(s.companyId);
      if (!list) {
        list = [];
        byCompany.set(s.companyId, list);
      }
      // Restored, not live: the online bit comes back with the terminal's next report.
      list.push({ ...s.realData, s: s.realData.s & ~(1 << 4) });
    }
    for (const [companyId, list] of byCompany) this.live.publishPositions(companyId, list);
    if (saved.length > 0) this.logger.info({ vehicles: saved.length }, 'ingest restored live state');
  }

  /**
   * Rebuilds each bound vehicle's progress from the positions stored in the last minutes (events it yields were
   * stored before the restart and are not emitted again).
   */
  private async warmUp(): Promise<void> {
    if (this.options.warmupSeconds <= 0 || this.lines.size === 0) return;
    const since = this.now() - this.options.warmupSeconds;
    const started = Date.now();
    const tdb = this.db.withTables<import('../tracks/schema.ts').TrackTables>();
    const rows = await tdb
      .selectFrom('positions')
      .select(['company_id', 'terminal_phone', 'lat', 'lng', 'speed', 'azimuth', 'state', 'warning', 'event_time'])
      .where('event_time', '>=', since)
      .where('vehicle_id', 'is not', null)
      .orderBy('event_time')
      .orderBy('id')
      .execute();
    let fed = 0;
    for (const r of rows) {
      const vehicle = this.vehicles.get(vehicleKey(r.company_id, r.terminal_phone));
      if (!vehicle?.routeCode || !this.lines.has(lineKey(r.company_id, vehicle.routeCode))) continue;
      const engine = this.engineOf(r.company_id);
      const key = String(vehicle.carId);
      engine.bind(key, vehicle.routeCode);
      engine.update(key, {
        lat: r.lat,
        lng: r.lng,
        speed: r.speed,
        azimuth: r.azimuth,
        time: r.event_time,
        state: liveState(r),
      });
      const m = this.memory.get(vehicleKey(r.company_id, r.terminal_phone));
      if (m) m.lastEt = Math.max(m.lastEt, r.event_time);
      fed++;
    }
    if (fed > 0) this.logger.info({ reports: fed, ms: Date.now() - started }, 'ingest progress warmed up');
  }
}
