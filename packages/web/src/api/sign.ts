import { hmacSha256Bytes, sha256Bytes } from './sha256';

// Request signing per docs/api.md "Signed requests": HMAC-SHA256 keyed with the session uuid over
// METHOD \n PATH?QUERY \n TIMESTAMP \n SHA256(body), all hex lowercase.

const encoder = new TextEncoder();

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

function subtle(): SubtleCrypto | undefined {
  return globalThis.crypto?.subtle;
}

export async function sha256Hex(text: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const data = typeof text === 'string' ? encoder.encode(text) : text;
  const s = subtle();
  if (!s) return toHex(sha256Bytes(data));
  return toHex(new Uint8Array(await s.digest('SHA-256', data)));
}

export async function hmacSha256Hex(key: string, text: string): Promise<string> {
  const keyBytes = encoder.encode(key);
  const data = encoder.encode(text);
  const s = subtle();
  if (!s) return toHex(hmacSha256Bytes(keyBytes, data));
  const cryptoKey = await s.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toHex(new Uint8Array(await s.sign('HMAC', cryptoKey, data)));
}

export function stringToSign(method: string, pathWithQuery: string, timestamp: string, bodySha256: string): string {
  return [method.toUpperCase(), pathWithQuery, timestamp, bodySha256].join('\n');
}

export interface SignInput {
  method: string;
  /** Path with the query string exactly as sent, e.g. /api/owner/user/online?page=1 */
  pathWithQuery: string;
  /** The JSON text, or the bytes of an uploaded file. */
  body: string | Uint8Array<ArrayBuffer>;
  uuid: string;
  timestamp: string;
}

export async function signRequest(input: SignInput): Promise<string> {
  const bodyHash = await sha256Hex(input.body);
  return hmacSha256Hex(input.uuid, stringToSign(input.method, input.pathWithQuery, input.timestamp, bodyHash));
}

export function unixSeconds(now = Date.now()): string {
  return String(Math.floor(now / 1000));
}
