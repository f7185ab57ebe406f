import Cookies from 'js-cookie';

// The browser keeps the session in the cookie `headway_session` as JSON {uuid, token} (docs/api.md "Sessions").
export const SESSION_COOKIE = 'headway_session';

export interface Session {
  uuid: string;
  token: string;
}

export function readSession(): Session | null {
  const raw = Cookies.get(SESSION_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Session>;
    if (typeof parsed.uuid === 'string' && typeof parsed.token === 'string' && parsed.token) {
      return { uuid: parsed.uuid, token: parsed.token };
    }
  } catch {
    // A malformed cookie is the same as no session.
  }
  return null;
}

export function writeSession(session: Session): void {
  Cookies.set(SESSION_COOKIE, JSON.stringify(session), { path: '/', sameSite: 'Lax' });
}

export function clearSession(): void {
  Cookies.remove(SESSION_COOKIE, { path: '/' });
}
