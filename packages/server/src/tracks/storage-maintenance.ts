import type { Logger } from 'pino';
import type { Store } from '../store/db.ts';
import type { TrackStorageOptions } from './options.ts';
import { DAY_SECONDS, dayStart, dropPartitionsBefore, ensureDayPartitions } from './pg-partitions.ts';
import { deleteSqlitePositionsBefore } from './sqlite-retention.ts';

// The track storage job (docs/tracks.md "Retention"): at start and then every hour. PostgreSQL: day partitions
// made `partitionsAhead` days ahead (and today's, should a node have been down), partitions past the retention
// dropped. SQLite: rows received before the retention deleted in batches. Runs on gateway nodes, the ones that
// write positions; on PostgreSQL several may run it, an advisory lock lets one do each step.

const EVERY_MS = 3600_000;

export interface TrackMaintenanceResult {
  created: string[];
  dropped: string[];
  deletedRows: number;
}

/** The cutoff for a retention of `days` at `now`: the start of the day `days` days back (0: none). */
export function retentionCutoff(now: number, days: number): number | undefined {
  return days > 0 ? dayStart(now) - days * DAY_SECONDS : undefined;
}

export async function runTrackMaintenance(
  store: Store,
  options: TrackStorageOptions,
  now: number,
): Promise<TrackMaintenanceResult> {
  const cutoff = retentionCutoff(now, options.retentionDays);
  if (store.engine === 'postgres') {
    const today = dayStart(now);
    const created = await ensureDayPartitions(store.db, today, today + options.partitionsAhead * DAY_SECONDS);
    if (cutoff === undefined) return { created, dropped: [], deletedRows: 0 };
    const { dropped, defaultRows } = await dropPartitionsBefore(store.db, cutoff);
    return { created, dropped, deletedRows: defaultRows };
  }
  if (cutoff === undefined) return { created: [], dropped: [], deletedRows: 0 };
  return { created: [], dropped: [], deletedRows: await deleteSqlitePositionsBefore(store.db, cutoff) };
}

export interface TrackMaintenanceDeps {
  store: Store;
  options: TrackStorageOptions;
  logger: Logger;
  now?: () => number;
}

/** Runs the job now and every hour; the returned function stops the timer and waits for a run in progress. */
export function startTrackMaintenance(deps: TrackMaintenanceDeps): () => Promise<void> {
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = runTrackMaintenance(deps.store, deps.options, now())
      .then((r) => {
        if (r.created.length + r.dropped.length + r.deletedRows > 0) {
          deps.logger.info({ ...r, retentionDays: deps.options.retentionDays }, 'track storage maintained');
        }
      })
      .catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'track storage maintenance failed; retrying in an hour'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
