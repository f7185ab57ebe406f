// @vitest-environment node
import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hmacSha256Bytes, sha256Bytes } from './sha256';
import { hmacSha256Hex, sha256Hex, signRequest, stringToSign, toHex } from './sign';

const enc = new TextEncoder();

describe('request signing (docs/api.md "Signed requests")', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hashes the empty body to the SHA-256 of the empty string', async () => {
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('matches RFC 4231 test case 2 for HMAC-SHA256', async () => {
    const expected = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';
    expect(await hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(expected);
    expect(toHex(hmacSha256Bytes(enc.encode('Jefe'), enc.encode('what do ya want for nothing?')))).toBe(expected);
  });

  it('the pure fallback agrees with node:crypto, including keys longer than a block and multi-block input', () => {
    const key = 'k'.repeat(131);
    const text = `POST\n/api/x\n1763780000\n${'é'.repeat(200)}`;
    expect(toHex(sha256Bytes(enc.encode(text)))).toBe(createHash('sha256').update(text).digest('hex'));
    expect(toHex(hmacSha256Bytes(enc.encode(key), enc.encode(text)))).toBe(
      createHmac('sha256', key).update(text).digest('hex'),
    );
  });

  it('signs the same without WebCrypto (a page served over plain http has no crypto.subtle)', async () => {
    const input = {
      method: 'POST',
      pathWithQuery: '/api/x?page=1',
      body: '{"a":1}',
      uuid: 'k',
      timestamp: '1763780000',
    };
    const withSubtle = await signRequest(input);
    vi.stubGlobal('crypto', {});
    expect(globalThis.crypto.subtle).toBeUndefined();
    expect(await signRequest(input)).toBe(withSubtle);
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('builds the four-line string to sign', () => {
    expect(stringToSign('post', '/api/owner/user/online?page=1', '1763780000', 'abc')).toBe(
      'POST\n/api/owner/user/online?page=1\n1763780000\nabc',
    );
  });

  it('signs a request with the session uuid as key (known vector)', async () => {
    const body = '{"user_name":"Ann"}';
    const signature = await signRequest({
      method: 'PUT',
      pathWithQuery: '/api/owner/user/info',
      body,
      uuid: '6f1c2d7e-0b6a-4a59-9d43-3c2b1f0e8a11',
      timestamp: '1763780000',
    });
    const bodyHash = createHash('sha256').update(body).digest('hex');
    const expected = createHmac('sha256', '6f1c2d7e-0b6a-4a59-9d43-3c2b1f0e8a11')
      .update(`PUT\n/api/owner/user/info\n1763780000\n${bodyHash}`)
      .digest('hex');
    expect(signature).toBe(expected);
  });
});
