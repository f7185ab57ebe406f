import { cleanup, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { RouteGuard } from './RouteGuard';
import { readSession, SESSION_COOKIE } from './session-cookie';
import { useSession } from './session-store';

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RouteGuard>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </RouteGuard>
    </MemoryRouter>,
  );
}

describe('route guard (spec section 2)', () => {
  afterEach(() => {
    cleanup();
    Cookies.remove(SESSION_COOKIE, { path: '/' });
    useSession.setState({ ready: false });
    vi.unstubAllGlobals();
  });

  it('sends a visitor without a session to login with the redirect', () => {
    renderAt('/system/user?page=2');
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fsystem%2Fuser%3Fpage%3D2');
  });

  it('lets a visitor open the no-login routes', () => {
    renderAt('/login?redirect=%2Fx');
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fx');
  });

  it('sends a signed-in user away from /login', () => {
    Cookies.set(SESSION_COOKIE, JSON.stringify({ uuid: 'u', token: 't' }));
    useSession.setState({ ready: true });
    renderAt('/login');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('renders the route once the session is loaded', () => {
    Cookies.set(SESSION_COOKIE, JSON.stringify({ uuid: 'u', token: 't' }));
    useSession.setState({ ready: true });
    renderAt('/system/role');
    expect(screen.getByTestId('where').textContent).toBe('/system/role');
  });

  // Spec section 2: "If that fails, the token is cleared and the user goes to login."
  describe('when user info or the routes fail to load', () => {
    const answer = (failing: string) =>
      vi.fn(async (url: string) =>
        url.startsWith(failing)
          ? Response.json({ code: 1001, msg: 'login expired', result: null })
          : Response.json({ code: 0, msg: 'ok', result: url.startsWith('/api/vue/routes') ? [] : {} }),
      );

    for (const failing of ['/api/owner/user/info', '/api/vue/routes']) {
      it(`clears the token and lands on login (${failing} fails)`, async () => {
        const fetch = answer(failing);
        vi.stubGlobal('fetch', fetch);
        Cookies.set(SESSION_COOKIE, JSON.stringify({ uuid: 'u', token: 't' }));
        renderAt('/system/role?page=2');
        await waitFor(() =>
          expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fsystem%2Frole%3Fpage%3D2'),
        );
        expect(readSession()).toBeNull();
        expect(useSession.getState()).toMatchObject({ ready: false, user: null });
        expect(fetch.mock.calls.map(([url]) => url)).toContain(failing);
      });
    }
  });
});
