/** One tab of the tags view. */
export interface TagView {
  /** Pathname; identifies the tab and its kept-alive page. */
  path: string;
  /** Pathname with query, where a click on the tab goes. */
  fullPath: string;
  name: string;
  title?: string;
  affix: boolean;
  noCache: boolean;
}

export function addView(views: readonly TagView[], view: TagView): TagView[] {
  const index = views.findIndex((v) => v.path === view.path);
  if (index === -1) return [...views, view];
  if (views[index]!.fullPath === view.fullPath) return views as TagView[];
  const next = [...views];
  next[index] = { ...views[index]!, fullPath: view.fullPath };
  return next;
}

/** Affixed tabs cannot close. */
export function closeView(views: readonly TagView[], path: string): TagView[] {
  return views.filter((v) => v.path !== path || v.affix);
}

export function closeOthers(views: readonly TagView[], path: string): TagView[] {
  return views.filter((v) => v.affix || v.path === path);
}

export function closeAll(views: readonly TagView[]): TagView[] {
  return views.filter((v) => v.affix);
}

/**
 * Where to go after closing tabs: stay if the active tab survived, else the last remaining tab, else '/'.
 */
export function nextLocation(remaining: readonly TagView[], activePath: string): string | null {
  if (remaining.some((v) => v.path === activePath)) return null;
  const last = remaining[remaining.length - 1];
  return last ? last.fullPath : '/';
}
