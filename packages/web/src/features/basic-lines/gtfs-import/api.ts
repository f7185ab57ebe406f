import type { GtfsImportJob, GtfsImportStarted } from '@headway/server/contract';
import { http } from '../../../api/client';
import { upload } from '../../../api/upload';
import { type Binary, fetchBinary } from '../../alarms/evidence/api';

export type { GtfsChangeCounts, GtfsImportJob, GtfsImportReport, GtfsRefusedRow } from '@headway/server/contract';

// GTFS in and out of the line list (docs/gtfs-import.md "From the console"): the export is a download; the import
// uploads the zip with its progress (api/upload.ts), then the console polls the job it started.

const IMPORT_PATH = '/basic/routes/gtfs/import';

/** Sends the zip as the body, telling `onProgress` the share sent (0–1); answers the job id. */
export async function uploadGtfs(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  const zip = file.type ? file : new Blob([file], { type: 'application/zip' });
  const started = await upload<GtfsImportStarted>(IMPORT_PATH, zip, {
    onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
  });
  return started.job_id;
}

export const gtfsApi = {
  job: (jobId: string) => http.get<GtfsImportJob>(`${IMPORT_PATH}/${encodeURIComponent(jobId)}`),
  export: (): Promise<Binary> => fetchBinary('GET', '/basic/routes/gtfs/export'),
};
