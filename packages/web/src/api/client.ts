import type { Envelope } from '@headway/server/contract';
import { readSession } from '../auth/session-cookie';
import i18n from '../i18n';
import { ApiError, NETWORK_ERROR } from './errors';
import { reactToFailure } from './react-to-failure';
import { signRequest, unixSeconds } from './sign';

export const CLIENT_AGENT = 'headway-web/0.1.0';

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** `dispatch` calls go to /dispatch/api with a 10 s timeout; the general API waits 30 s. */
  base?: 'api' | 'dispatch';
  timeout?: number;
  /** Skip the default failure reaction (messages, session confirm); the caller handles the error. */
  silent?: boolean;
}

const BASES = { api: '/api', dispatch: '/dispatch/api' } as const;
const TIMEOUTS = { api: 30_000, dispatch: 10_000 } as const;

export function buildPath(base: string, path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

/** The URL and headers of a call (signed when a session exists); `request` sends them, so may a worker. */
export async function prepareRequest(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<{ url: string; headers: Record<string, string>; body: string | Uint8Array<ArrayBuffer> }> {
  const base = options.base ?? 'api';
  const url = buildPath(BASES[base], path, options.query);
  // A file (an import's workbook) goes as its bytes, signed as they are.
  const bytes = options.body instanceof Uint8Array ? (options.body as Uint8Array<ArrayBuffer>) : undefined;
  const body = bytes ?? (options.body === undefined ? '' : JSON.stringify(options.body));
  const headers: Record<string, string> = {
    'client-agent': CLIENT_AGENT,
    'accept-language': i18n.language || 'en',
  };
  if (bytes) headers['content-type'] = 'application/octet-stream';
  else if (body) headers['content-type'] = 'application/json';
  const session = readSession();
  if (session) {
    const timestamp = unixSeconds();
    headers.token = session.token;
    headers.timestamp = timestamp;
    headers.signature = await signRequest({ method, pathWithQuery: url, body, uuid: session.uuid, timestamp });
  }
  return { url, headers, body };
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const base = options.base ?? 'api';
  const { url, headers, body } = await prepareRequest(method, path, options);
  let envelope: Envelope<T>;
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: body || undefined,
      signal: AbortSignal.timeout(options.timeout ?? TIMEOUTS[base]),
    });
    envelope = (await response.json()) as Envelope<T>;
    if (typeof envelope?.code !== 'number') throw new Error(`HTTP ${response.status}`);
  } catch (cause) {
    if (!options.silent) reactToFailure(NETWORK_ERROR, '');
    throw new ApiError(NETWORK_ERROR, cause instanceof Error ? cause.message : String(cause));
  }
  if (envelope.code !== 0) {
    if (!options.silent) reactToFailure(envelope.code, envelope.msg);
    throw new ApiError(envelope.code, envelope.msg, envelope.result);
  }
  return envelope.result;
}

export const http = {
  get: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'query'>) =>
    request<T>('GET', path, { ...options, query }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
