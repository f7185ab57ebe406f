// @vitest-environment jsdom
import { ErrorCode } from '@headway/spec';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession, SESSION_COOKIE } from '../auth/session-cookie';
import i18n from '../i18n';
import { http } from './client';
import { type Feedback, setFeedback } from './feedback';

// 1002 means the computer's clock is off: "log in again" would sign with the same clock and fail again.
describe('clock skew (1002)', () => {
  const warning = vi.fn();
  const confirm = vi.fn();
  const error = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setFeedback({ message: { error }, modal: { confirm, warning } } as unknown as Feedback);
    Cookies.set(SESSION_COOKIE, JSON.stringify({ uuid: 'u', token: 't' }));
    vi.stubGlobal('fetch', async () =>
      Response.json({ code: ErrorCode.timestampSkew, msg: 'machine time wrong', result: null }),
    );
  });
  afterEach(() => {
    Cookies.remove(SESSION_COOKIE, { path: '/' });
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("says the machine's time is wrong, once, and keeps the session", async () => {
    await expect(http.get('/owner/user')).rejects.toMatchObject({ code: ErrorCode.timestampSkew });
    await expect(http.get('/owner/role')).rejects.toMatchObject({ code: ErrorCode.timestampSkew });
    expect(confirm).not.toHaveBeenCalled();
    expect(warning).toHaveBeenCalledTimes(1);
    const shown = warning.mock.calls[0]![0] as { title: string; content: string };
    expect(`${shown.title} ${shown.content}`).toMatch(/clock/i);
    expect(readSession()).toEqual({ uuid: 'u', token: 't' });
    (shown as unknown as { afterClose: () => void }).afterClose();
  });
});
