import { Activity, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { matchView } from '../../app/routes/match';
import type { ViewRoute } from '../../app/routes/types';
import { isKnownScreen } from '../../app/routes/views';
import { useSession } from '../../auth/session-store';
import { useTags } from '../tags-view/store';
import { REDIRECT_PREFIX, RedirectPage } from './RedirectPage';
import { ViewFrame } from './ViewFrame';

/**
 * Renders the current screen and keeps visited cached screens mounted but hidden (keep-alive), so a tab comes
 * back with its filters and scroll intact. Screens marked noCache are rendered fresh each time.
 */
export function ViewHost() {
  const { pathname, search } = useLocation();
  const views = useSession((s) => s.views);
  const visited = useTags((s) => s.visited);
  const refreshKeys = useTags((s) => s.refreshKeys);
  const add = useTags((s) => s.add);
  const current = matchView(views, pathname);

  useEffect(() => {
    if (!current) return;
    const { route } = current;
    add({
      path: pathname,
      fullPath: pathname + search,
      name: route.name,
      title: route.title,
      affix: route.affix,
      noCache: route.noCache,
    });
  }, [current, pathname, search, add]);

  if (pathname === '/') return <Navigate to="/dashboard" replace />;
  if (pathname.startsWith(`${REDIRECT_PREFIX}/`)) return <RedirectPage />;
  // Spec section 2: a screen the user may not open is the no-permission page, an unknown path the 404 page.
  if (!current) return <Navigate to={isKnownScreen(pathname) ? '/401' : '/404'} replace />;

  const kept: { path: string; view: ViewRoute }[] = [];
  for (const tag of visited) {
    if (tag.noCache) continue;
    const view = matchView(views, tag.path);
    if (view) kept.push({ path: tag.path, view });
  }
  if (!current.route.noCache && !kept.some((k) => k.path === pathname)) kept.push({ path: pathname, view: current });

  return (
    <>
      {kept.map(({ path, view }) => (
        <Activity key={`${path}#${refreshKeys[path] ?? 0}`} mode={path === pathname ? 'visible' : 'hidden'}>
          <ViewFrame view={view} />
        </Activity>
      ))}
      {current.route.noCache && <ViewFrame key={`${pathname}#${refreshKeys[pathname] ?? 0}`} view={current} />}
    </>
  );
}
