// TanStack Query keys of the alarm centre. Invalidating REAL_KEY refreshes the badge's count and every live list
// (the alarm dialog's, per line filter); COUNT_KEY and LIST_KEY each alone.
export const REAL_KEY = ['alarms', 'real'] as const;
/** The badge's count: GET /device/alarm/real?count_only=1, no rows. */
export const COUNT_KEY = [...REAL_KEY, 'count'] as const;
/** Every alarm dialog list; `listKey` is one line filter's. */
export const LIST_KEY = [...REAL_KEY, 'list'] as const;
export const listKey = (routeId: number | undefined) => [...LIST_KEY, routeId ?? 'all'] as const;
export const PREFERENCES_KEY = ['alarms', 'preferences'] as const;
export const DETAILS_KEY = 'alarm-details';

/** Spec section 9: the alarm list is polled every 30 s (the live channel is the fast path). */
export const POLL_MS = 30_000;
/**
 * After live alarms, the server's count is fetched again once things settle: at most one refetch per this interval
 * however many alarms arrive (a storm does not become a request storm).
 */
export const REFETCH_AFTER_MS = 3_000;
/**
 * An open alarm dialog's list follows live alarms at most this often. The list is up to 1,000 rows each with its
 * newest alarm (~0.5 MiB in a storm), and every fetch hands the open table new rows to render: every 3 s kept the
 * console's main thread a third busy (docs/performance.md "Alarms").
 */
export const LIST_REFRESH_MS = 10_000;
