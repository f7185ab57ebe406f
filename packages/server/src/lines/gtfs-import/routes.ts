import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sessionOf } from '../../auth/access.ts';
import type { GtfsImportStarted } from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../../kernel/errors.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { openFeedArchive } from '../gtfs/zip.ts';
import '../../ingest/directory-signal.ts';
import { GtfsImportJobs } from './jobs.ts';
import { runGtfsImport } from './run.ts';

// POST /basic/routes/gtfs/import (the zip as the body, like the region import's xlsx) starts an import job in the
// caller's company and answers {job_id} at once; GET /basic/routes/gtfs/import/{job_id} answers its state, progress,
// stage and, once finished, the report (docs/gtfs-import.md "From the console", docs/api.md).

const ACCESS = { screen: 'BasicRoute', need: 'import' } as const;
/** A city's feed zipped: the shared Staten Island feed is 6 MB; larger uploads answer 1009. */
export const GTFS_IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export function gtfsImportRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;
  const jobs = new GtfsImportJobs(() => epochSeconds(clock));
  return async (app) => {
    app.post(
      '/basic/routes/gtfs/import',
      { bodyLimit: GTFS_IMPORT_MAX_BYTES, config: { access: ACCESS } },
      async (request) => {
        const { companyId } = sessionOf(request);
        const zip = request.body;
        if (!Buffer.isBuffer(zip)) throw parameterError('file', 'a GTFS zip is expected as the body');
        try {
          // Reads the central directory only: a file that is not a zip is refused now, not in the job.
          (await openFeedArchive(zip)).close();
        } catch {
          throw parameterError('file', 'not a zip file');
        }
        const running = jobs.running(companyId);
        if (running) {
          throw new ApiError(ErrorCode.parameter, {
            field: 'file',
            reason: 'an import is already running for this company',
            job_id: running.job_id,
          });
        }
        const server = request.server;
        const jobId = jobs.start(companyId, async (progress) => {
          const outcome = await runGtfsImport(db, companyId, zip, epochSeconds(clock), progress);
          // The ingest follows the imported lines now, not at its next timed refresh.
          if (outcome.ok) server.announceDirectoryChange?.(companyId);
          return outcome;
        });
        request.log.info({ companyId, jobId, bytes: zip.length }, 'GTFS import started');
        const started: GtfsImportStarted = { job_id: jobId };
        return ok(started);
      },
    );

    app.get(
      '/basic/routes/gtfs/import/:job_id',
      { schema: { params: Type.Object({ job_id: Type.String({ maxLength: 64 }) }) }, config: { access: ACCESS } },
      async (request) => {
        const job = jobs.get(sessionOf(request).companyId, request.params.job_id);
        // Another company's job answers as an unknown one: ids are not a way to learn of other tenants' work.
        if (!job) throw new ApiError(ErrorCode.recordMissing);
        return ok(job);
      },
    );
  };
}
