import { Route, Routes } from 'react-router';
import { AuthRedirect } from '../auth/AuthRedirect';
import { LoginPage } from '../auth/login/LoginPage';
import { RouteGuard } from '../auth/RouteGuard';
import { NotFoundPage } from '../pages/errors/NotFoundPage';
import { UnauthorizedPage } from '../pages/errors/UnauthorizedPage';
import { Layout } from '../shell/layout/Layout';

/**
 * Fixed routes; everything else (/, /dashboard, /profile/index, /redirect/*, the menu's screens) is resolved
 * inside the layout against the routes generated from the server menu.
 */
export function AppRoutes() {
  return (
    <RouteGuard>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/auth-redirect" element={<AuthRedirect />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/401" element={<UnauthorizedPage />} />
        <Route path="*" element={<Layout />} />
      </Routes>
    </RouteGuard>
  );
}
