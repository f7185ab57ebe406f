import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpin, RouteGuard } from '../auth/RouteGuard';
import { AuthRedirect, LoginPage, NotFoundPage, Shell, UnauthorizedPage } from './lazy-screens';

/**
 * Fixed routes; everything else (/, /dashboard, /profile/index, /redirect/*, the menu's screens) is resolved
 * inside the layout against the routes generated from the server menu. Each element is loaded on first use.
 */
export function AppRoutes() {
  return (
    <RouteGuard>
      <Suspense fallback={<FullPageSpin />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/auth-redirect" element={<AuthRedirect />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/401" element={<UnauthorizedPage />} />
          <Route path="*" element={<Shell />} />
        </Routes>
      </Suspense>
    </RouteGuard>
  );
}
