import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTags } from '../tags-view/store';

export const REDIRECT_PREFIX = '/redirect';

/** /redirect/:path* remounts the page at :path (refresh from the tags view, size change). */
export function RedirectPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const refresh = useTags((s) => s.refresh);
  useEffect(() => {
    const target = pathname.slice(REDIRECT_PREFIX.length) || '/';
    refresh(target);
    navigate(target + search, { replace: true });
  }, [pathname, search, navigate, refresh]);
  return null;
}
