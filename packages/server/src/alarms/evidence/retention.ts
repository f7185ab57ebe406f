import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../store/schema.ts';
import { alarmsDb } from '../schema.ts';
import type { EvidenceStore } from './store.ts';

// Evidence does not pile up for ever (docs/evidence.md "Retention"): files older than the retention are deleted
// with their alarm_files rows, a bounded batch at a time, at start and then every hour. The alarms themselves are
// kept; their modal then says the attachments are gone ("attachment not found" after asking the vehicle, which no
// longer holds them either).

const BATCH = 500;
const EVERY_MS = 3600_000;

export interface RetentionDeps {
  db: Kysely<Database>;
  store: EvidenceStore;
  logger: Logger;
  /** 0 keeps everything. */
  retentionDays: number;
  now?: () => number;
}

/** Deletes the files stored before `cutoff` (epoch seconds); returns how many. */
export async function sweepEvidence(deps: RetentionDeps, cutoff: number): Promise<number> {
  const db = alarmsDb(deps.db);
  let removed = 0;
  for (;;) {
    const rows = await db
      .selectFrom('alarm_files')
      .select(['id', 'relative_path'])
      .where('created_at', '<', cutoff)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return removed;
    // Files first: a row without its file would only be listed; a file without its row would never be found again.
    for (const row of rows) await deps.store.remove(row.relative_path);
    await db
      .deleteFrom('alarm_files')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    removed += rows.length;
  }
}

/** Runs the sweep now and every hour; the returned function stops it. */
export function startEvidenceRetention(deps: RetentionDeps): () => void {
  if (deps.retentionDays <= 0) return () => {};
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    sweepEvidence(deps, now() - deps.retentionDays * 86_400)
      .then((n) => {
        if (n > 0) deps.logger.info({ files: n, days: deps.retentionDays }, 'old alarm evidence deleted');
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'evidence retention sweep failed'))
      .finally(() => {
        running = false;
      });
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
