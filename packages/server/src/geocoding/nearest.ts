import type KDBush from 'kdbush';
import { boxAround, distanceMetres, type LatLng } from './geo.ts';

/** The nearest of `items` (indexed in `tree` in the same order) within `radius` metres of `p`, or null. */
export function nearestWithin<T extends LatLng>(
  tree: KDBush | null,
  items: readonly T[],
  p: LatLng,
  radius: number,
): { item: T; distance: number } | null {
  if (!tree) return null;
  const [west, south, east, north] = boxAround(p, radius);
  let best: { item: T; distance: number } | null = null;
  for (const id of tree.range(west, south, east, north)) {
    const item = items[id]!;
    const distance = distanceMetres(p, item);
    if (distance <= radius && (!best || distance < best.distance)) best = { item, distance };
  }
  return best;
}

/**
 * Ranks how well `text` matches the normalised query: 0 equal, 1 starts with it, 2 a word starts with it,
 * 3 contains it, null not at all. Stop names like "Richmond Terr/Bard Av" have words after '/' and '-'.
 */
export function matchRank(text: string, query: string): number | null {
  const t = normalise(text);
  if (t === query) return 0;
  if (t.startsWith(query)) return 1;
  const at = t.indexOf(query);
  if (at < 0) return null;
  for (let i = at; i >= 0; i = t.indexOf(query, i + 1)) {
    if (/[^\p{L}\p{N}]/u.test(t[i - 1] ?? '')) return 2;
  }
  return 3;
}

/** Case- and width-insensitive form for matching (NFKC folds full-width Latin and digits typed in Chinese). */
export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim();
}
