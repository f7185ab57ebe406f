import { prepareRequest, type Query } from './client';
import { ApiError, NETWORK_ERROR } from './errors';
import { reactToFailure } from './react-to-failure';

// Downloads (exports, templates, GTFS zips): a signed call answered with bytes, read as a stream so the caller can
// show progress, named from Content-Disposition. A refusal still answers the JSON envelope, reacted to as usual.

/** Exports of 65,535 rows take a while to write on the server; the stream keeps flowing meanwhile. */
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

export interface Downloaded {
  blob: Blob;
  /** From Content-Disposition (filename* first, RFC 5987), when the server names the file. */
  fileName: string | null;
  /** Rows the filter matched (x-total-count), when the server counted them. */
  total: number | null;
  /** Rows in the file (x-export-rows). */
  rows: number | null;
}

export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? null;
}

const numberHeader = (value: string | null) => (value === null || value === '' ? null : Number(value));

export interface DownloadOptions {
  query?: Query;
  body?: unknown;
  silent?: boolean;
  signal?: AbortSignal;
  /** Bytes received so far, as they arrive. */
  onProgress?: (bytes: number) => void;
}

export async function download(method: 'GET' | 'POST', path: string, options: DownloadOptions = {}) {
  const { url, headers, body } = await prepareRequest(method, path, { query: options.query, body: options.body });
  const fail = (code: number, msg: string): never => {
    if (!options.silent) reactToFailure(code, msg);
    throw new ApiError(code, msg);
  };
  let response: Response;
  try {
    const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
    response = await fetch(url, {
      method,
      headers,
      body: body || undefined,
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    return fail(NETWORK_ERROR, cause instanceof Error ? cause.message : String(cause));
  }
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
    const code = typeof envelope?.code === 'number' && envelope.code !== 0 ? envelope.code : NETWORK_ERROR;
    return fail(code, envelope?.msg ?? `HTTP ${response.status}`);
  }
  if (!response.ok || !response.body) return fail(NETWORK_ERROR, `HTTP ${response.status}`);
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch (cause) {
      // A cut stream: the server failed after the first byte (its only way to say the file is bad).
      if (options.signal?.aborted) throw cause;
      return fail(NETWORK_ERROR, cause instanceof Error ? cause.message : String(cause));
    }
    if (step.done) break;
    chunks.push(step.value);
    received += step.value.byteLength;
    options.onProgress?.(received);
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const result: Downloaded = {
    blob: new Blob(chunks as BlobPart[], { type }),
    fileName: dispositionName(response.headers.get('content-disposition')),
    total: numberHeader(response.headers.get('x-total-count')),
    rows: numberHeader(response.headers.get('x-export-rows')),
  };
  return result;
}
