import type { QueryClient } from '@tanstack/react-query';
import { COUNT_KEY, LIST_KEY, LIST_REFRESH_MS, REFETCH_AFTER_MS } from './keys';

// What live alarms refetch, and how often. The badge's count (a cheap COUNT on the server) follows REFETCH_AFTER_MS
// after alarms, at most once per that interval. The alarm dialog's list is fetched only while the dialog is open
// (its query is disabled otherwise) and then at most every LIST_REFRESH_MS, counted from its last answer, so the
// open fetch, a filter change or a handling refetch also resets the wait. A closed dialog costs nothing here: it
// fetches anew when it opens.

export interface LiveRefresh {
  /** Live alarms arrived. */
  schedule(): void;
  dispose(): void;
}

export function createLiveRefresh(client: QueryClient, now: () => number = Date.now): LiveRefresh {
  let countTimer: ReturnType<typeof setTimeout> | undefined;
  let listTimer: ReturnType<typeof setTimeout> | undefined;

  const scheduleCount = () => {
    if (countTimer !== undefined) return;
    countTimer = setTimeout(() => {
      countTimer = undefined;
      void client.invalidateQueries({ queryKey: COUNT_KEY });
    }, REFETCH_AFTER_MS);
  };

  const scheduleList = () => {
    if (listTimer !== undefined) return;
    const open = client.getQueryCache().findAll({ queryKey: LIST_KEY, type: 'active' });
    if (open.length === 0) return;
    const answered = Math.max(0, ...open.map((q) => q.state.dataUpdatedAt));
    const at = Math.max(now() + REFETCH_AFTER_MS, answered + LIST_REFRESH_MS);
    listTimer = setTimeout(() => {
      listTimer = undefined;
      void client.invalidateQueries({ queryKey: LIST_KEY });
    }, at - now());
  };

  return {
    schedule() {
      scheduleCount();
      scheduleList();
    },
    dispose() {
      clearTimeout(countTimer);
      clearTimeout(listTimer);
      countTimer = undefined;
      listTimer = undefined;
    },
  };
}
