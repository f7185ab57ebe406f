import type { GtfsImportJob, GtfsImportStarted } from '@headway/server/contract';
import { http, prepareRequest } from '../../../api/client';
import { ApiError, NETWORK_ERROR } from '../../../api/errors';
import { reactToFailure } from '../../../api/react-to-failure';
import { type Binary, fetchBinary } from '../../alarms/evidence/api';

export type { GtfsChangeCounts, GtfsImportJob, GtfsImportReport, GtfsRefusedRow } from '@headway/server/contract';

// GTFS in and out of the line list (docs/gtfs-import.md "From the console"): the export is a download; the import
// uploads the zip (XMLHttpRequest: fetch has no upload progress), then the console polls the job it started.

const IMPORT_PATH = '/basic/routes/gtfs/import';

/** Sends the zip as the body, telling `onProgress` the share sent (0–1); answers the job id. */
export async function uploadGtfs(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  const data = new Uint8Array(await file.arrayBuffer());
  const { url, headers } = await prepareRequest('POST', IMPORT_PATH, { bytes: { data, type: 'application/zip' } });
  const envelope = await new Promise<{ code: number; msg: string; result: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as { code: number; msg: string; result: unknown });
      } catch {
        reject(new ApiError(NETWORK_ERROR, `HTTP ${xhr.status}`));
      }
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 'upload failed'));
    xhr.send(data);
  }).catch((error: unknown) => {
    reactToFailure(NETWORK_ERROR, '');
    throw error;
  });
  if (envelope.code !== 0) {
    reactToFailure(envelope.code, envelope.msg);
    throw new ApiError(envelope.code, envelope.msg, envelope.result);
  }
  return (envelope.result as GtfsImportStarted).job_id;
}

export const gtfsApi = {
  job: (jobId: string) => http.get<GtfsImportJob>(`${IMPORT_PATH}/${encodeURIComponent(jobId)}`),
  export: (): Promise<Binary> => fetchBinary('GET', '/basic/routes/gtfs/export'),
};
