import Fuse from 'fuse.js';
import type { AppRoute } from '../../app/routes/types';

export interface SearchItem {
  /** Translated titles from the top group down, joined with ' > '. */
  title: string;
  path: string;
  external: boolean;
}

/** Visible permitted screens with translated titles (hidden routes and their children are left out). */
export function searchItems(
  routes: readonly AppRoute[],
  translate: (key: string) => string,
  prefix: string[] = [],
): SearchItem[] {
  const out: SearchItem[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const titles = route.title ? [...prefix, translate(route.title)] : prefix;
    if ((route.view || route.link) && titles.length) {
      out.push({ title: titles.join(' > '), path: route.link ?? route.path, external: Boolean(route.link) });
    }
    out.push(...searchItems(route.children, translate, titles));
  }
  return out;
}

/** Spec: title weight 0.7, path weight 0.3, threshold 0.4. */
export function createSearcher(items: readonly SearchItem[]): (query: string) => SearchItem[] {
  const fuse = new Fuse(items, {
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
    threshold: 0.4,
    shouldSort: true,
    // Titles carry their group ('System > Users'): match anywhere, not only near the start.
    ignoreLocation: true,
    minMatchCharLength: 1,
  });
  return (query) => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : []);
}
