import type { Kysely } from 'kysely';
import type { GtfsImportReport, GtfsImportStage } from '../../contract/index.ts';
import type { Database } from '../../store/schema.ts';
import { GtfsImportError } from '../gtfs/problems.ts';
import { readGtfsFeed } from '../gtfs/read.ts';
import { transformFeed } from '../gtfs/transform.ts';
import { persistTransitPlan } from '../persist.ts';
import { planChanges } from './changes.ts';

// One console import: the CLI's pipeline (read + validate, transform, persist in one transaction) on the uploaded
// bytes, with a comparison before the write so the report says what was created, updated and left unchanged.

/** Where each stage's 0–1 lands on the job's 0–100 bar: reading (stop_times.txt) and writing take the time. */
const SPANS: Record<Exclude<GtfsImportStage, 'queued' | 'finished'>, [number, number]> = {
  reading: [0, 55],
  transforming: [55, 65],
  comparing: [65, 70],
  writing: [70, 100],
};

export type JobProgress = (stage: GtfsImportStage, percent: number) => void;

export type ImportOutcome =
  | { ok: true; report: GtfsImportReport }
  | { ok: false; error: string; report?: GtfsImportReport };

const NONE = { lines: 0, stations: 0, stops: 0, trips: 0, services: 0 };

export async function runGtfsImport(
  db: Kysely<Database>,
  companyId: number,
  zip: Buffer,
  now: number,
  progress: JobProgress,
): Promise<ImportOutcome> {
  const step = (stage: keyof typeof SPANS) => (fraction: number) => {
    const [from, to] = SPANS[stage];
    progress(stage, Math.floor(from + (to - from) * fraction));
  };
  try {
    const feed = await readGtfsFeed(zip, step('reading'));
    step('transforming')(0);
    const plan = transformFeed(feed);
    step('comparing')(0);
    const changes = await planChanges(db, companyId, plan);
    step('writing')(0);
    await persistTransitPlan(db, plan, { companyId, now, onProgress: step('writing') });
    return { ok: true, report: { ...changes, refused: [], refused_total: 0 } };
  } catch (error) {
    if (error instanceof GtfsImportError) {
      return {
        ok: false,
        error: `the feed has ${error.total} problem${error.total === 1 ? '' : 's'}; nothing was written`,
        report: {
          created: NONE,
          updated: NONE,
          unchanged: NONE,
          removed: NONE,
          refused: error.problems.map((p) => ({ file: p.file, line: p.line, reason: p.message })),
          refused_total: error.total,
        },
      };
    }
    // yauzl's and the database's messages: the zip is damaged, or the store refused the transaction (rolled back).
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
