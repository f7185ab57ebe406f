import { expect } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import type { GtfsImportJob, GtfsImportStarted } from '../../contract/index.ts';

// Upload and poll helpers for the GTFS import tests (server and e2e share the HTTP shape, not this file).

export function uploadFeed(client: HeadwayClient, zip: Uint8Array) {
  return client.post<GtfsImportStarted>('/basic/routes/gtfs/import', undefined, {
    rawBody: zip,
    headers: { 'content-type': 'application/zip' },
  });
}

/** Polls the job until it is finished; returns it with every progress figure seen on the way. */
export async function finishedJob(
  client: HeadwayClient,
  jobId: string,
): Promise<{ job: GtfsImportJob; seen: number[] }> {
  const seen: number[] = [];
  let job: GtfsImportJob | undefined;
  await expect
    .poll(
      async () => {
        const reply = await client.get<GtfsImportJob>(`/basic/routes/gtfs/import/${jobId}`);
        expect(reply.code).toBe(0);
        job = reply.result;
        seen.push(job.progress);
        return job.state;
      },
      { timeout: 120_000, interval: 50 },
    )
    .not.toBe('running');
  return { job: job!, seen };
}
