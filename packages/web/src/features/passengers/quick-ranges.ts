import { TRACK_MAX_SPAN_DAYS } from '@headway/spec';

// The passenger chart's quick ranges (spec section 4: today, yesterday, last 3 days, last 7 days), on the browser's
// clock and zone. Days are calendar days, so a range starting on a daylight-saving night is 23 or 25 hours long;
// "last N days" ends now and starts at midnight N−1 days before, within the server's 7-day limit.

export const QUICK_RANGES = ['today', 'yesterday', 'last3', 'last7'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

export interface EpochRange {
  start_time: number;
  end_time: number;
}

const DAYS_BACK: Record<QuickRange, number> = { today: 0, yesterday: 1, last3: 2, last7: TRACK_MAX_SPAN_DAYS - 1 };

function midnight(now: Date, daysBack: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack);
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The range in epoch seconds (inclusive) for `now`. */
export function quickRange(range: QuickRange, now: Date): EpochRange {
  const start = midnight(now, DAYS_BACK[range]);
  if (range === 'yesterday') return { start_time: seconds(start), end_time: seconds(midnight(now, 0)) - 1 };
  return { start_time: seconds(start), end_time: seconds(now) };
}
