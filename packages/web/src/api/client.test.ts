// @vitest-environment jsdom
import { ErrorCode } from '@headway/spec';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { buildPath, http } from './client';
import { ApiError, NETWORK_ERROR } from './errors';
import { type Feedback, setFeedback } from './feedback';
import { hmacSha256Hex, sha256Hex, stringToSign } from './sign';

function envelope(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('request client', () => {
  const error = vi.fn();
  const confirm = vi.fn();
  beforeEach(() => {
    setFeedback({ message: { error }, modal: { confirm } } as unknown as Feedback);
  });
  afterEach(() => {
    Cookies.remove(SESSION_COOKIE, { path: '/' });
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('drops empty query values', () => {
    expect(buildPath('/api', '/owner/user', { page: 1, limit: 20, search: '', role_id: undefined })).toBe(
      '/api/owner/user?page=1&limit=20',
    );
  });

  it('sends no signature without a session and unwraps result', async () => {
    const fetchMock = vi.fn(async () => envelope({ code: 0, msg: 'ok', result: { a: 1 } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(http.get('/company/display')).resolves.toEqual({ a: 1 });
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers['client-agent']).toMatch(/^headway-web\//);
    expect(headers.token).toBeUndefined();
  });

  it('signs path, query, timestamp and body hash with the session uuid', async () => {
    Cookies.set(SESSION_COOKIE, JSON.stringify({ uuid: 'secret-uuid', token: 'tok' }));
    const fetchMock = vi.fn(async () => envelope({ code: 0, msg: 'ok', result: null }));
    vi.stubGlobal('fetch', fetchMock);
    await http.put('/owner/user/config', { a: 1 }, { base: 'api' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/api/owner/user/config');
    expect(headers.token).toBe('tok');
    expect(headers.timestamp).toMatch(/^\d{10}$/);
    const expected = await hmacSha256Hex(
      'secret-uuid',
      stringToSign('PUT', url, headers.timestamp!, await sha256Hex('{"a":1}')),
    );
    expect(headers.signature).toBe(expected);
  });

  it('shows the translated code message for 5 s and rejects with the code', async () => {
    vi.stubGlobal('fetch', async () => envelope({ code: ErrorCode.permission, msg: 'permission error', result: null }));
    const failure = http.get('/owner/user');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: ErrorCode.permission });
    expect(error).toHaveBeenCalledWith('Permission error', 5);
  });

  it('asks to log in again on 1001 when logged in', async () => {
    Cookies.set(SESSION_COOKIE, JSON.stringify({ uuid: 'u', token: 't' }));
    vi.stubGlobal('fetch', async () => envelope({ code: ErrorCode.loginExpired, msg: 'expired', result: null }));
    await expect(http.get('/vue/routes')).rejects.toMatchObject({ code: ErrorCode.loginExpired });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('reads the envelope of HTTP 404 answers', async () => {
    vi.stubGlobal('fetch', async () => envelope({ code: ErrorCode.recordMissing, msg: 'missing', result: null }, 404));
    await expect(http.get('/nope')).rejects.toMatchObject({ code: ErrorCode.recordMissing });
  });

  it('reports network failures for 5 s', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http.get('/x')).rejects.toMatchObject({ code: NETWORK_ERROR });
    expect(error).toHaveBeenCalledWith('Network error, please check your connection', 5);
  });

  it('stays quiet when silent', async () => {
    vi.stubGlobal('fetch', async () => envelope({ code: ErrorCode.accountOrPassword, msg: 'bad', result: null }));
    await expect(http.post('/login', {}, { silent: true })).rejects.toMatchObject({
      code: ErrorCode.accountOrPassword,
    });
    expect(error).not.toHaveBeenCalled();
  });
});
