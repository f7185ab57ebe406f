import type { AlarmDetectionOptions } from '../alarms/detection/index.ts';
import type { ProgressOptions } from '../progress/index.ts';

export interface IngestOptions {
  /** Positions processed per event-loop turn before yielding (keeps the gateway's sockets served); warm-up chunk. */
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
  /** Alarm detection in the ingest (docs/alarms.md "Detection"). */
  alarms: Partial<AlarmDetectionOptions>;
}

export const DEFAULT_INGEST_OPTIONS: IngestOptions = {
  chunk: 2000,
  stateFlushMs: 5000,
  eventFlushMs: 1000,
  refreshMs: 30_000,
  warmupSeconds: 900,
  maxQueued: 200_000,
  progress: {},
  alarms: {},
};

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
