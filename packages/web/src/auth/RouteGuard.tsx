import { ErrorCode } from '@headway/spec';
import { Spin } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/errors';
import { reactToFailure } from '../api/react-to-failure';
import { settingsStore } from '../shell/settings/use-settings';
import { hasSession, useSession } from './session-store';
import { WechatCallback } from './WechatCallback';

/** Routes a visitor without a session may open (spec section 2: "no login needed"). */
const PUBLIC_PATHS: ReadonlySet<string> = new Set(['/login', '/auth-redirect']);

function loginPathFor(pathname: string, search: string): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

export function FullPageSpin({ tip }: { tip?: string }) {
  return (
    <div className="hw-fullpage-spin">
      <Spin size="large" />
      {tip && <div className="hw-fullpage-spin__tip">{tip}</div>}
    </div>
  );
}

/** Loads user info and the permitted routes once per session, then lets the route render (spec section 2). */
function SessionLoader() {
  const { t } = useTranslation();
  const load = useSession((s) => s.load);
  const reset = useSession((s) => s.reset);
  const location = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    load()
      .then(() => settingsStore.getState().adopt(useSession.getState().user?.user_config))
      .catch((error: unknown) => {
        // A wrong clock fails every signed call: say so, or the user lands on login again without knowing why.
        if (error instanceof ApiError && error.code === ErrorCode.timestampSkew) reactToFailure(error.code, '');
        reset();
        navigate(loginPathFor(location.pathname, location.search), { replace: true });
      });
  }, [load, reset, navigate, location.pathname, location.search]);

  return <FullPageSpin tip={t('common.loading')} />;
}

export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const ready = useSession((s) => s.ready);
  const code = new URLSearchParams(location.search).get('code');

  if (code) return <WechatCallback code={code} />;
  const isPublic = PUBLIC_PATHS.has(location.pathname);
  if (!hasSession()) {
    return isPublic ? children : <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  }
  if (location.pathname === '/login') return <Navigate to="/" replace />;
  if (isPublic) return children;
  if (!ready) return <SessionLoader />;
  return children;
}
