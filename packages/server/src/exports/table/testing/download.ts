import type { HeadwayClient } from '../../../../test/helpers/client.ts';
import { sign } from '../../../auth/signature.ts';

// A signed call answered with a file (HeadwayClient reads JSON only), for the export and import tests.

export interface Download {
  status: number;
  contentType: string;
  disposition: string | null;
  total: string | null;
  bytes: Buffer;
}

export async function download(
  client: HeadwayClient,
  now: () => number,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; language?: string; contentType?: string } = {},
): Promise<Download> {
  const pathWithQuery = `${client.base}${path}`;
  const raw =
    options.body === undefined
      ? undefined
      : Buffer.isBuffer(options.body)
        ? options.body
        : Buffer.from(JSON.stringify(options.body));
  const timestamp = String(Math.floor(now() / 1000));
  const headers: Record<string, string> = {
    'accept-language': options.language ?? 'en',
    token: client.token,
    timestamp,
    signature: sign(client.uuid, method, pathWithQuery, timestamp, raw),
  };
  if (raw) headers['content-type'] = options.contentType ?? 'application/json';
  const response = await fetch(`${client.baseUrl}${pathWithQuery}`, { method, headers, body: raw });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    disposition: response.headers.get('content-disposition'),
    total: response.headers.get('x-total-count'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The JSON envelope of a refused download. */
export function envelopeOf(file: Download): { code: number; result: unknown } {
  return JSON.parse(file.bytes.toString('utf8')) as { code: number; result: unknown };
}
