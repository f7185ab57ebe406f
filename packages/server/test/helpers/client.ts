import { createHash } from 'node:crypto';
import { sign } from '../../src/auth/signature.ts';
import type { Envelope, LoginResult } from '../../src/contract/index.ts';

// A minimal console stand-in speaking real HTTP: logs in with the MD5 of the password and signs every
// later request exactly as docs/api.md prescribes. Reusable by e2e and other suites.

export function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

export interface Reply<T = unknown> extends Envelope<T> {
  status: number;
}

export interface RequestOptions {
  /** Override the timestamp (skew tests). */
  timestamp?: number;
  /** Replace the computed signature (tamper tests). */
  signature?: string;
  /** Send these raw bytes instead of JSON.stringify(body). */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Send no token/signature headers at all. */
  unsigned?: boolean;
}

export class HeadwayClient {
  token = '';
  uuid = '';
  user: LoginResult | undefined;

  constructor(
    readonly baseUrl: string,
    readonly base = '/api',
    private readonly now: () => number = () => Date.now(),
  ) {}

  async login(account: string, password: string, extra: Record<string, unknown> = {}): Promise<Reply<LoginResult>> {
    return this.loginWithHash(account, md5(password), extra);
  }

  async loginWithHash(
    account: string,
    passwordMd5: string,
    extra: Record<string, unknown> = {},
  ): Promise<Reply<LoginResult>> {
    const reply = await this.request<LoginResult>(
      'POST',
      '/login',
      { account, password: passwordMd5, ...extra },
      { unsigned: true },
    );
    if (reply.code === 0) {
      this.token = reply.result.token;
      this.uuid = reply.result.uuid;
      this.user = reply.result;
    }
    return reply;
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = unknown>(path: string, body: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }
  put<T = unknown>(path: string, body: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, body, options);
  }
  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, undefined, options);
  }

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<Reply<T>> {
    const pathWithQuery = `${this.base}${path}`;
    const payload = options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    const headers: Record<string, string> = { 'client-agent': 'headway-test/1', ...options.headers };
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    if (this.token && !options.unsigned) {
      const timestamp = String(options.timestamp ?? Math.floor(this.now() / 1000));
      headers.token = this.token;
      headers.timestamp = timestamp;
      headers.signature = options.signature ?? sign(this.uuid, method, pathWithQuery, timestamp, payload);
    }
    const response = await fetch(`${this.baseUrl}${pathWithQuery}`, {
      method,
      headers,
      // Node's fetch sends any Uint8Array; the DOM typings (the e2e project's) only name ArrayBuffer-backed ones.
      ...(payload !== undefined ? { body: payload as string | Uint8Array<ArrayBuffer> } : {}),
    });
    const json = (await response.json()) as Envelope<T>;
    return { ...json, status: response.status };
  }
}
