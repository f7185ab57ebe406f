// TanStack Query keys of the alarm centre: invalidating REAL_KEY refreshes the badge and every filtered live list.
export const REAL_KEY = ['alarms', 'real'] as const;
export const PREFERENCES_KEY = ['alarms', 'preferences'] as const;
export const DETAILS_KEY = 'alarm-details';

/** Spec section 9: the alarm list is polled every 30 s (the live channel is the fast path). */
export const POLL_MS = 30_000;
/**
 * After live alarms, the list and the server's count are fetched again once things settle: at most one refetch per
 * this interval however many alarms arrive (a storm does not become a request storm).
 */
export const REFETCH_AFTER_MS = 3_000;
