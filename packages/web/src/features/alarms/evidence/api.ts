import type { AlarmFile, AlarmUploadResult } from '@headway/server/contract';
import { http, prepareRequest, type Query } from '../../../api/client';
import { dispositionName } from '../../../api/download';
import { ApiError, NETWORK_ERROR } from '../../../api/errors';
import { reactToFailure } from '../../../api/react-to-failure';

export type { AlarmFile, AlarmUploadResult };

/** Spec "Alarm file": file_type 0 image, 2 video. */
export const FileType = { image: 0, video: 2 } as const;

/** Evidence files and exports can be large: a slow link still gets them. */
const BINARY_TIMEOUT_MS = 120_000;

export interface Binary {
  blob: Blob;
  /** From Content-Disposition, when the server names the file. */
  fileName: string | null;
}

/**
 * A signed call answered with bytes (a file, a zip, an xlsx). A failure still answers with the JSON envelope,
 * which is read and reacted to like any other call's.
 */
export async function fetchBinary(
  method: 'GET' | 'POST',
  path: string,
  options: { query?: Query; body?: unknown; silent?: boolean; signal?: AbortSignal } = {},
): Promise<Binary> {
  const { url, headers, body } = await prepareRequest(method, path, { query: options.query, body: options.body });
  let response: Response;
  try {
    const timeout = AbortSignal.timeout(BINARY_TIMEOUT_MS);
    response = await fetch(url, {
      method,
      headers,
      body: body || undefined,
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    if (!options.silent) reactToFailure(NETWORK_ERROR, '');
    throw new ApiError(NETWORK_ERROR, cause instanceof Error ? cause.message : String(cause));
  }
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
    const code = typeof envelope?.code === 'number' && envelope.code !== 0 ? envelope.code : NETWORK_ERROR;
    if (!options.silent) reactToFailure(code, envelope?.msg ?? '');
    throw new ApiError(code, envelope?.msg ?? `HTTP ${response.status}`);
  }
  if (!response.ok) {
    if (!options.silent) reactToFailure(NETWORK_ERROR, '');
    throw new ApiError(NETWORK_ERROR, `HTTP ${response.status}`);
  }
  return { blob: await response.blob(), fileName: dispositionName(response.headers.get('content-disposition')) };
}

/** Hands a downloaded file to the browser's save. */
export function saveBinary({ blob, fileName }: Binary, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the URL to the download; a later revoke frees the bytes without cutting it short.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The MIME type a stored file plays or shows as, whatever the server labels it. */
export function mimeOf(file: Pick<AlarmFile, 'file_type' | 'file_name' | 'relative_path'>): string {
  const name = (file.file_name || file.relative_path).toLowerCase();
  if (file.file_type === FileType.video || name.endsWith('.mp4')) return 'video/mp4';
  if (name.endsWith('.png')) return 'image/png';
  return 'image/jpeg';
}

export function isMp4(file: AlarmFile): boolean {
  return mimeOf(file) === 'video/mp4';
}

export const evidenceApi = {
  files: (alarm_key: string, silent = false) =>
    http.post<AlarmFile[]>('/device/alarm/file/list', { alarm_key }, { silent }),
  requestUpload: (id: number) => http.post<AlarmUploadResult>('/device/alarm/file/upload', { id }),
  /** One file's bytes, typed for the element that shows it. */
  file: async (file: AlarmFile, signal?: AbortSignal): Promise<Blob> => {
    const { blob } = await fetchBinary('GET', '/device/alarm/file', {
      query: { relative_path: file.relative_path },
      silent: true,
      signal,
    });
    const type = mimeOf(file);
    return blob.type === type ? blob : new Blob([blob], { type });
  },
  zip: (alarm_key: string) => fetchBinary('GET', '/device/alarm/file/zip', { query: { alarm_key } }),
};
