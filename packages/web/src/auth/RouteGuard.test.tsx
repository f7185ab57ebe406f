import { cleanup, render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n';
import { RouteGuard } from './RouteGuard';
import { SESSION_COOKIE } from './session-cookie';
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
});
