import { StateMask } from '@headway/spec';
import type { Logger } from 'pino';
import { AlarmDetection, type AlarmPublisher } from '../alarms/detection/index.ts';
import { AlarmHub } from '../alarms/hub.ts';
import type { NewStationEvent } from '../departures/schema.ts';
import { StationEventWriter } from '../departures/writer.ts';
import type { RealData } from '../live/real-data.ts';
import type { Store } from '../store/db.ts';
import type { StoredPosition } from '../tracks/position-row.ts';
import { DirectoryCache } from './directory-cache.ts';
import { CompanyEngines } from './engines.ts';
import { Enricher } from './enrich.ts';
import { DEFAULT_INGEST_OPTIONS, type IngestOptions, type IngestStats } from './options.ts';
import { BatchQueue } from './queue.ts';
import { LiveStateStore, type SavedLiveState } from './state-store.ts';
import { warmUp } from './warm-up.ts';

// Committed positions → queue → enrichment (enrich.ts) → live channel; arrival and departure events → batched
// insert; live state per vehicle → batched upsert. This file only sequences them. See docs/ingest.md "Pipeline".

/** What the pipeline publishes to (app.live). */
export interface LivePublisher extends AlarmPublisher {
  publishPositions(companyId: number, positions: readonly RealData[]): void;
}

export interface IngestDeps {
  /** Epoch seconds. */
  now?: () => number;
  /** Listeners of new alarms (app.alarms); a private hub when absent. */
  alarms?: AlarmHub;
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
  readonly events: StationEventWriter;
  readonly state: LiveStateStore;
  /** Alarm detection, storage and push; undefined when switched off (options.alarms.enabled). */
  readonly alarms: AlarmDetection | undefined;
  private readonly queue: BatchQueue;
  private readonly engines: CompanyEngines;
  private readonly directory: DirectoryCache;
  private readonly enricher: Enricher;
  private readonly now: () => number;
  private draining = false;
  private scheduled = false;
  private ready = false;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly live: LivePublisher,
    private readonly logger: Logger,
    options: Partial<IngestOptions> = {},
    deps: IngestDeps = {},
  ) {
    const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
    this.now = now;
    this.options = { ...DEFAULT_INGEST_OPTIONS, ...options };
    this.queue = new BatchQueue(this.options.maxQueued);
    this.engines = new CompanyEngines(this.options.progress);
    this.directory = new DirectoryCache(store.db, this.engines, logger);
    const directory = this.directory;
    this.alarms =
      this.options.alarms.enabled === false
        ? undefined
        : new AlarmDetection(
            store.db,
            logger,
            live,
            deps.alarms ?? new AlarmHub((error) => logger.error({ err: error }, 'alarm listener failed')),
            {
              rules: (companyId) => directory.alarmRules(companyId),
              vehicle: (companyId, phone) => directory.vehicle(companyId, phone),
              line: (companyId, routeCode) => directory.line(companyId, routeCode),
              now,
            },
            this.options.alarms,
          );
    this.enricher = new Enricher(
      this.directory,
      this.engines,
      this.stats,
      now,
      this.alarms?.detector,
      this.alarms?.regions,
    );
    this.events = new StationEventWriter(store.db, logger, this.options.eventFlushMs);
    this.state = new LiveStateStore(store.db, logger, this.options.stateFlushMs, now);
  }

  /** Loads the directory, restores the saved live state and learned times, warms the engines; then drains. */
  async start(): Promise<void> {
    await this.directory.refresh(true);
    // Open alarms first: the saved live state then only adds the last receive times the offline sweep needs.
    await this.alarms?.start();
    this.restoreLive(await this.state.load());
    for (const times of await this.state.loadSegmentTimes()) {
      this.engines.of(times.companyId).restoreSegmentTimes(times.times);
    }
    if (this.options.warmupSeconds > 0 && this.directory.lineCount > 0) {
      await warmUp(this.store, this.enricher, {
        since: this.now() - this.options.warmupSeconds,
        chunk: this.options.chunk,
        logger: this.logger,
      });
    }
    this.ready = true;
    this.directory.startRefreshing(this.options.refreshMs);
    this.state.start(() => this.engines.segmentTimes(this.directory.lines()));
    this.schedule();
  }

  /**
   * Vehicles, their speed limits and the companies' alarm rules read again now (an editor changed them), and the
   * lines when their signature moved (the line editor saved a direction: issue 14). A refresh already under way
   * may have read the rows before the change, so it is waited for and one more runs.
   */
  async refreshDirectory(): Promise<void> {
    await this.directory.refresh(false);
    await this.directory.refresh(false);
  }

  /** A company's regions read again now (an editor changed them); never rejects. */
  async reloadRegions(companyId: number): Promise<void> {
    await this.alarms?.regions.reload(companyId);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.directory.stopRefreshing();
    // Process what is queued so its events and state are kept.
    if (this.ready) while (!this.queue.empty) this.drainSome();
    await this.events.stop();
    await this.alarms?.stop();
    await this.state.stop(this.engines.segmentTimes(this.directory.lines()));
  }

  /**
   * The gateway's commit listener: only enqueues (the acks are sent right after it returns); the work runs on a
   * later turn of the event loop.
   */
  readonly enqueue = (batch: readonly StoredPosition[]): void => {
    if (this.stopped || batch.length === 0) return;
    this.queue.push(batch);
    this.stats.dropped = this.queue.dropped;
    this.schedule();
  };

  private schedule(): void {
    if (this.scheduled || this.draining || !this.ready) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drainSome();
    });
  }

  /** Up to `chunk` positions: enriched, then published per company, their events written and announced. */
  private drainSome(): void {
    this.draining = true;
    const started = performance.now();
    try {
      const out = new Map<number, RealData[]>();
      const events: NewStationEvent[] = [];
      for (const batch of this.queue.take(this.options.chunk)) {
        for (const p of batch) {
          const enriched = this.enricher.enrich(p, events);
          if (!enriched) continue;
          listOf(out, p.companyId).push(enriched.data);
          if (enriched.carId !== undefined) this.state.set(p.companyId, enriched.carId, p.terminalPhone, enriched.data);
        }
      }
      this.publish(out, events);
    } catch (error) {
      this.logger.error({ err: error }, 'ingest batch failed');
    } finally {
      this.stats.busyMs += performance.now() - started;
      this.stats.queued = this.queue.size;
      this.draining = false;
    }
    if (!this.queue.empty) this.schedule();
  }

  private publish(out: Map<number, RealData[]>, events: NewStationEvent[]): void {
    for (const [companyId, list] of out) {
      this.live.publishPositions(companyId, list);
      this.stats.published += list.length;
    }
    if (events.length === 0) return;
    this.stats.events += events.length;
    this.events.add(events);
  }

  /** The map shows every bus where it was, with its line progress, until it reports again. */
  private restoreLive(saved: readonly SavedLiveState[]): void {
    const byCompany = new Map<number, RealData[]>();
    for (const s of saved) {
      this.enricher.restore(s);
      this.alarms?.detector.seen(s.companyId, s.terminalPhone, s.realData.rt, s.realData.lat, s.realData.lng);
      // Restored, not live: the online bit comes back with the terminal's next report.
      listOf(byCompany, s.companyId).push({ ...s.realData, s: s.realData.s & ~StateMask.online });
    }
    for (const [companyId, list] of byCompany) this.live.publishPositions(companyId, list);
    if (saved.length > 0) this.logger.info({ vehicles: saved.length }, 'ingest restored live state');
  }
}

function listOf<T>(map: Map<number, T[]>, key: number): T[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}
