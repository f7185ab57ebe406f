import type { AppRoute } from './types';

/** What the sidebar shows for one entry. */
export interface MenuEntry {
  key: string;
  title?: string;
  icon?: string;
  /** Set for external links: open in a new tab instead of navigating. */
  href?: string;
  children?: MenuEntry[];
}

function leaf(route: AppRoute, fallbackIcon?: string): MenuEntry {
  const entry: MenuEntry = { key: route.link ?? route.path, title: route.title, icon: route.icon ?? fallbackIcon };
  if (route.link) entry.href = route.link;
  return entry;
}

/**
 * Sidebar rules (spec section 2): hidden items are omitted; a parent with exactly one visible child shows that
 * child in its place unless alwaysShow is set; external links carry an href.
 */
export function menuEntries(routes: readonly AppRoute[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const visible = route.children.filter((c) => !c.hidden);
    if (visible.length === 0) {
      if (route.view || route.link) out.push(leaf(route));
      continue;
    }
    const only = visible[0]!;
    if (visible.length === 1 && !route.alwaysShow && only.children.every((c) => c.hidden)) {
      out.push(leaf(only, route.icon));
      continue;
    }
    out.push({ key: route.path, title: route.title, icon: route.icon, children: menuEntries(visible) });
  }
  return out;
}

/** The sidebar key to highlight for a screen: meta.activeMenu overrides the screen's own path. */
export function activeMenuKey(route: AppRoute | undefined, pathname: string): string {
  return route?.activeMenu ?? pathname;
}

/** Keys of the submenus that contain `key`, to open them. */
export function openKeysFor(entries: readonly MenuEntry[], key: string, parents: string[] = []): string[] {
  for (const entry of entries) {
    if (entry.key === key) return parents;
    if (entry.children) {
      const found = openKeysFor(entry.children, key, [...parents, entry.key]);
      if (found.length) return found;
    }
  }
  return [];
}
