import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bodyDigest, sign, signatureMatches, stringToSign } from './signature.ts';

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('request signature', () => {
  it('digests the empty body as SHA-256 of the empty string', () => {
    expect(bodyDigest(undefined)).toBe(EMPTY_SHA256);
    expect(bodyDigest('')).toBe(EMPTY_SHA256);
    expect(bodyDigest(new Uint8Array())).toBe(EMPTY_SHA256);
  });

  it('builds the four-line string to sign with the upper-cased method and the path as sent', () => {
    expect(stringToSign('get', '/api/owner/user/online?page=1', '1763780000')).toBe(
      `GET\n/api/owner/user/online?page=1\n1763780000\n${EMPTY_SHA256}`,
    );
  });

  it('is HMAC-SHA256 keyed by the uuid, lowercase hex (a fixed vector for other clients to check against)', () => {
    const body = '{"a":1}';
    const expected = createHmac('sha256', 'secret-uuid')
      .update(stringToSign('POST', '/api/x', '1763780000', body))
      .digest('hex');
    expect(sign('secret-uuid', 'POST', '/api/x', '1763780000', body)).toBe(expected);
    expect(sign('secret-uuid', 'POST', '/api/x', '1763780000', Buffer.from(body))).toBe(expected);
    expect(sign('k', 'GET', '/api/vue/routes', '1763780000')).toBe(
      createHmac('sha256', 'k').update(`GET\n/api/vue/routes\n1763780000\n${EMPTY_SHA256}`).digest('hex'),
    );
  });

  it('matches the published test vector (docs/api.md) that other clients check themselves against', () => {
    expect(
      sign(
        '0b5e2f7c-1d3a-4e8b-9c6f-2a7d4e1b3c5a',
        'POST',
        '/api/owner/user?page=1',
        '1763780000',
        '{"account":"clerk1"}',
      ),
    ).toBe('955a26cfe61a391814344239658d3ae02c32122011d700439a529c16affbac92');
  });

  it('changes with every signed part', () => {
    const base = sign('k', 'POST', '/api/x?a=1', '1763780000', 'body');
    expect(sign('k2', 'POST', '/api/x?a=1', '1763780000', 'body')).not.toBe(base);
    expect(sign('k', 'PUT', '/api/x?a=1', '1763780000', 'body')).not.toBe(base);
    expect(sign('k', 'POST', '/api/x?a=2', '1763780000', 'body')).not.toBe(base);
    expect(sign('k', 'POST', '/api/x?a=1', '1763780001', 'body')).not.toBe(base);
    expect(sign('k', 'POST', '/api/x?a=1', '1763780000', 'body!')).not.toBe(base);
  });

  it('compares only well-formed lowercase hex of the right length', () => {
    const good = sign('k', 'GET', '/p', '1763780000');
    expect(signatureMatches(good, good)).toBe(true);
    expect(signatureMatches(good, good.toUpperCase())).toBe(false);
    expect(signatureMatches(good, good.slice(2))).toBe(false);
    expect(signatureMatches(good, '')).toBe(false);
  });
});
