import type { ImportReport } from '@headway/server/contract';
import { http } from '../../../api/client';
import { download } from '../../../api/download';

// A screen's xlsx import (docs/exports.md "Imports"): the template, the preview (nothing written) and the commit,
// which the server refuses whole while any row is refused.

/** The server's cap (1009 beyond); checked here before sending. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const importApi = {
  template: (path: string) => download('GET', `${path}/template`),
  preview: (path: string, file: Uint8Array<ArrayBuffer>) =>
    http.post<ImportReport>(path, undefined, { bytes: { data: file, type: XLSX } }),
  commit: (path: string, file: Uint8Array<ArrayBuffer>) =>
    http.post<ImportReport>(path, undefined, { bytes: { data: file, type: XLSX }, query: { commit: true } }),
};

export type { ImportReport };
