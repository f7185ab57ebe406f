import { joinPath } from '../../app/routes/build';
import type { ViewRoute } from '../../app/routes/types';

export interface Crumb {
  title: string;
  /** Where a click goes; null when the entry is not clickable. */
  to: string | null;
}

const DASHBOARD: Crumb = { title: 'route.dashboard', to: '/dashboard' };

/**
 * Spec: matched routes with a title, prefixed with the dashboard; noRedirect entries and the last entry are not
 * clickable. A group without a view is clickable only through its redirect.
 */
export function breadcrumbTrail(view: ViewRoute | undefined): Crumb[] {
  if (!view) return [];
  const titled = view.trail.filter((r) => r.title);
  const crumbs: Crumb[] = titled.map((r) => {
    let to: string | null = null;
    if (r.redirect && r.redirect !== 'noRedirect') to = joinPath(r.path, r.redirect);
    else if (!r.redirect && r.view) to = r.path;
    return { title: r.title!, to };
  });
  if (titled[0]?.path !== '/dashboard') crumbs.unshift(DASHBOARD);
  const last = crumbs[crumbs.length - 1];
  if (last) crumbs[crumbs.length - 1] = { ...last, to: null };
  return crumbs;
}
