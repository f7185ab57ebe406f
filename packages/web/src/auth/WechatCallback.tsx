import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { authApi } from './api';
import { FullPageSpin } from './RouteGuard';
import { useSession } from './session-store';

export const BUILD = 'web-0.1.0';

/**
 * A URL carrying `code` is a WeChat-style login callback (docs/api.md "WeChat-style sign-in"): a bound account
 * comes back with a one-time ticket used in place of the MD5; otherwise the login page binds the union_id.
 */
export function WechatCallback({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useSession((s) => s.login);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(location.search);
    params.delete('code');
    params.delete('state');
    const rest = params.toString();
    const target = location.pathname === '/login' ? '/' : location.pathname + (rest ? `?${rest}` : '');
    (async () => {
      try {
        const found = await authApi.wechat(code);
        if (found.account && found.password) {
          await login({
            account: found.account,
            password: found.password,
            union_id: found.union_id,
            time: Math.floor(Date.now() / 1000),
            build: BUILD,
          });
          navigate(target, { replace: true });
        } else {
          navigate(`/login?unionId=${encodeURIComponent(found.union_id)}`, { replace: true });
        }
      } catch {
        navigate('/login', { replace: true });
      }
    })();
  }, [code, login, navigate, location.pathname, location.search]);

  return <FullPageSpin tip={t('login.wechatChecking')} />;
}
