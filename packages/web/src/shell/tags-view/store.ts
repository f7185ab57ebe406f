import { create } from 'zustand';
import { onSessionReset } from '../../auth/session-store';
import { addView, closeAll, closeOthers, closeView, type TagView } from './model';

interface TagsState {
  visited: TagView[];
  /** Bumped per path to remount a page (refresh through /redirect). */
  refreshKeys: Record<string, number>;
  add: (view: TagView) => void;
  close: (path: string) => TagView[];
  closeOthers: (path: string) => TagView[];
  closeAll: () => TagView[];
  refresh: (path: string) => void;
  clear: () => void;
}

export const useTags = create<TagsState>()((set, get) => ({
  visited: [],
  refreshKeys: {},
  add: (view) => set((s) => ({ visited: addView(s.visited, view) })),
  close(path) {
    set((s) => ({ visited: closeView(s.visited, path) }));
    return get().visited;
  },
  closeOthers(path) {
    set((s) => ({ visited: closeOthers(s.visited, path) }));
    return get().visited;
  },
  closeAll() {
    set((s) => ({ visited: closeAll(s.visited) }));
    return get().visited;
  },
  refresh: (path) => set((s) => ({ refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 } })),
  clear: () => set({ visited: [], refreshKeys: {} }),
}));

onSessionReset(() => useTags.getState().clear());
