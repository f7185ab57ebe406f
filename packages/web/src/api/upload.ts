import type { Envelope } from '@headway/server/contract';
import { buildPath, type Query, signedHeaders } from './client';
import { ApiError, NETWORK_ERROR } from './errors';
import { reactToFailure } from './react-to-failure';

// Uploads (pictures, import workbooks, GTFS zips): the file's bytes as the body, signed like every call, answered
// with the usual envelope. XMLHttpRequest rather than fetch because only it reports upload progress, which a
// 50 MB feed on a depot's uplink needs.

/** A city's GTFS feed over a slow uplink takes minutes; the server answers as soon as it has the bytes. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export interface UploadOptions {
  query?: Query;
  /** Bytes sent so far and the total, as they go. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** Skip the default failure reaction; the caller shows the error. */
  silent?: boolean;
}

export async function upload<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const url = buildPath('/api', path, options.query);
  // Never JSON: the server would parse the bytes as a JSON body.
  const contentType = file.type && file.type !== 'application/json' ? file.type : 'application/octet-stream';
  const headers = await signedHeaders('POST', url, bytes, contentType);
  const fail = (code: number, msg: string, result?: unknown): never => {
    if (!options.silent) reactToFailure(code, msg);
    throw new ApiError(code, msg, result);
  };
  const envelope = await new Promise<Envelope<T> | null>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.total || bytes.length);
    xhr.onload = () => resolve(xhr.response as Envelope<T> | null);
    xhr.onerror = () => resolve(null);
    xhr.ontimeout = () => resolve(null);
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(bytes);
  });
  if (!envelope || typeof envelope.code !== 'number') return fail(NETWORK_ERROR, '');
  if (envelope.code !== 0) return fail(envelope.code, envelope.msg, envelope.result);
  return envelope.result;
}
