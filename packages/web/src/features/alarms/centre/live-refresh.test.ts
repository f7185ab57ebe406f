import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEED_INTERVAL_MS } from './alarm-feed';
import { COUNT_KEY, LIST_REFRESH_MS, listKey, REFETCH_AFTER_MS } from './keys';
import { createLiveRefresh } from './live-refresh';
import { NOW } from './test-alarms';

/** A query client with the badge's count observed, and a list that is observed while `open` is called. */
function centre() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  const fetches = { count: [] as number[], list: [] as number[] };
  const count = new QueryObserver(client, {
    queryKey: COUNT_KEY,
    queryFn: async () => {
      fetches.count.push(Date.now());
      return { total: fetches.count.length, rows: [] };
    },
  });
  const stopCount = count.subscribe(() => {});
  const list = new QueryObserver(client, {
    queryKey: listKey(undefined),
    queryFn: async () => {
      fetches.list.push(Date.now());
      return { total: 0, rows: [] };
    },
  });
  let closeList = () => {};
  return {
    client,
    fetches,
    open: () => {
      closeList = list.subscribe(() => {});
    },
    close: () => closeList(),
    dispose: () => {
      closeList();
      stopCount();
      client.clear();
    },
  };
}

/** Live batches every FEED_INTERVAL_MS for `seconds`, as the feed hands them over in a storm. */
async function storm(refresh: ReturnType<typeof createLiveRefresh>, seconds: number) {
  for (let t = 0; t < seconds * 1000; t += FEED_INTERVAL_MS) {
    refresh.schedule();
    await vi.advanceTimersByTimeAsync(FEED_INTERVAL_MS);
  }
}

const gaps = (times: readonly number[]) => times.slice(1).map((t, i) => t - (times[i] ?? 0));

describe('what live alarms refetch', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('with the dialog closed, only the count: at most once per REFETCH_AFTER_MS, never the list', async () => {
    const c = centre();
    const refresh = createLiveRefresh(c.client);
    await vi.advanceTimersByTimeAsync(0);
    expect(c.fetches.count).toHaveLength(1);
    await storm(refresh, 30);
    await vi.advanceTimersByTimeAsync(REFETCH_AFTER_MS);
    expect(c.fetches.list).toEqual([]);
    expect(c.fetches.count.length).toBeGreaterThanOrEqual(9);
    expect(c.fetches.count.length).toBeLessThanOrEqual(1 + (30_000 + REFETCH_AFTER_MS) / REFETCH_AFTER_MS);
    for (const gap of gaps(c.fetches.count)) expect(gap).toBeGreaterThanOrEqual(REFETCH_AFTER_MS);
    refresh.dispose();
    c.dispose();
  });

  it('with the dialog open, its list at most every LIST_REFRESH_MS from its last answer; closed, no more', async () => {
    const c = centre();
    const refresh = createLiveRefresh(c.client);
    c.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.fetches.list).toHaveLength(1);
    await storm(refresh, 30);
    // Opened at 0: refreshed at 10, 20 and 30 s, not every 3 s.
    expect(c.fetches.list.map((t) => t - NOW)).toEqual([0, LIST_REFRESH_MS, 2 * LIST_REFRESH_MS, 3 * LIST_REFRESH_MS]);
    c.close();
    const before = c.fetches.list.length;
    await storm(refresh, 20);
    await vi.advanceTimersByTimeAsync(LIST_REFRESH_MS);
    expect(c.fetches.list).toHaveLength(before);
    refresh.dispose();
    c.dispose();
  });

  it('after a quiet spell, one alarm refreshes an open list REFETCH_AFTER_MS later', async () => {
    const c = centre();
    const refresh = createLiveRefresh(c.client);
    c.open();
    await vi.advanceTimersByTimeAsync(60_000);
    const opened = c.fetches.list.length;
    const at = Date.now();
    refresh.schedule();
    await vi.advanceTimersByTimeAsync(REFETCH_AFTER_MS - 1);
    expect(c.fetches.list).toHaveLength(opened);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.fetches.list).toHaveLength(opened + 1);
    expect(c.fetches.list.at(-1)).toBe(at + REFETCH_AFTER_MS);
    refresh.dispose();
    c.dispose();
  });

  it('schedules nothing once disposed', async () => {
    const c = centre();
    const refresh = createLiveRefresh(c.client);
    c.open();
    await vi.advanceTimersByTimeAsync(0);
    refresh.schedule();
    refresh.dispose();
    await vi.advanceTimersByTimeAsync(LIST_REFRESH_MS * 2);
    expect(c.fetches).toEqual({ count: [NOW], list: [NOW] });
    c.dispose();
  });
});
