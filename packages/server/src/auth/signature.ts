import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Request signing (docs/api.md "Signed requests"): HMAC-SHA256 keyed by the session uuid over
// METHOD \n PATH?QUERY \n TIMESTAMP \n SHA256(body). Pure functions: used by the server's check and
// by the test client, so both sides share one definition.

export function bodyDigest(body: Uint8Array | string | undefined): string {
  return createHash('sha256')
    .update(body ?? '')
    .digest('hex');
}

export function stringToSign(
  method: string,
  pathWithQuery: string,
  timestamp: string,
  body?: Uint8Array | string,
): string {
  return [method.toUpperCase(), pathWithQuery, timestamp, bodyDigest(body)].join('\n');
}

export function sign(
  secret: string,
  method: string,
  pathWithQuery: string,
  timestamp: string,
  body?: Uint8Array | string,
): string {
  return createHmac('sha256', secret)
    .update(stringToSign(method, pathWithQuery, timestamp, body))
    .digest('hex');
}

export function signatureMatches(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(givenHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex, 'hex'));
}

/** Allowed distance between the client's timestamp and the server clock (code 1002 beyond it). */
export const MAX_SKEW_SECONDS = 300;
