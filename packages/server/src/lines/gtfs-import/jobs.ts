import { randomUUID } from 'node:crypto';
import type { GtfsImportJob, GtfsImportStage } from '../../contract/index.ts';
import type { ImportOutcome } from './run.ts';

// The console's GTFS import jobs, in the memory of the node that took the upload (docs/gtfs-import.md "From the
// console"): one running job per company, finished jobs kept for an hour so a console that reconnects still reads
// its report.

const KEEP_SECONDS = 3600;
/** Finished jobs a company keeps at most (the newest). */
const KEEP_PER_COMPANY = 20;

interface JobRecord extends GtfsImportJob {
  companyId: number;
}

export class GtfsImportJobs {
  private readonly jobs = new Map<string, JobRecord>();

  constructor(private readonly now: () => number) {}

  /** The company's import under way, if any. */
  running(companyId: number): GtfsImportJob | undefined {
    for (const job of this.jobs.values()) if (job.companyId === companyId && job.state === 'running') return job;
    return undefined;
  }

  /** A job of this company; another company's job is not found, as if it did not exist. */
  get(companyId: number, jobId: string): GtfsImportJob | undefined {
    const job = this.jobs.get(jobId);
    if (!job || job.companyId !== companyId) return undefined;
    const { companyId: _company, ...view } = job;
    return view;
  }

  /** Starts `work` off the request; the caller has checked that no job of the company is running. */
  start(
    companyId: number,
    work: (progress: (stage: GtfsImportStage, percent: number) => void) => Promise<ImportOutcome>,
  ): string {
    this.prune(companyId);
    const job: JobRecord = {
      job_id: randomUUID(),
      companyId,
      state: 'running',
      progress: 0,
      stage: 'queued',
      started_at: this.now(),
      finished_at: null,
    };
    this.jobs.set(job.job_id, job);
    const progress = (stage: GtfsImportStage, percent: number) => {
      job.stage = stage;
      job.progress = Math.max(job.progress, Math.min(100, percent));
    };
    // setImmediate: the reply with the job id leaves before the import takes the event loop.
    setImmediate(() => {
      work(progress)
        .then((outcome) => this.finish(job, outcome))
        .catch((error: unknown) =>
          this.finish(job, { ok: false, error: error instanceof Error ? error.message : String(error) }),
        );
    });
    return job.job_id;
  }

  private finish(job: JobRecord, outcome: ImportOutcome): void {
    job.finished_at = this.now();
    job.stage = 'finished';
    if (outcome.report) job.report = outcome.report;
    if (outcome.ok) {
      job.state = 'done';
      job.progress = 100;
    } else {
      job.state = 'failed';
      job.error = outcome.error;
    }
  }

  private prune(companyId: number): void {
    const now = this.now();
    const finished = [...this.jobs.values()]
      .filter((j) => j.state !== 'running')
      .filter((j) => {
        if (now - (j.finished_at ?? now) <= KEEP_SECONDS) return true;
        this.jobs.delete(j.job_id);
        return false;
      })
      .filter((j) => j.companyId === companyId)
      .sort((a, b) => (b.finished_at ?? 0) - (a.finished_at ?? 0));
    for (const old of finished.slice(KEEP_PER_COMPANY - 1)) this.jobs.delete(old.job_id);
  }
}
