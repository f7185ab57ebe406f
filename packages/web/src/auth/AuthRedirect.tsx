import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpin } from './RouteGuard';

/**
 * Landing page of a third-party sign-in window: hands the callback query (code, state) to the console that
 * opened it, or, when opened directly, to the route guard of this window.
 */
export function AuthRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const query = window.location.search;
    if (window.opener && window.opener !== window) {
      try {
        window.opener.location.href = `${window.location.origin}/login${query}`;
        window.close();
        return;
      } catch {
        // A cross-origin opener cannot be steered; continue in this window.
      }
    }
    navigate(`/login${query}`, { replace: true });
  }, [navigate]);
  return <FullPageSpin />;
}
