import { TRACK_MAX_SPAN_DAYS } from '@headway/spec';
import { describe, expect, it } from 'vitest';
import { QUICK_RANGES, quickRange } from './quick-ranges';

// The quick ranges on the browser's clock and zone (whatever zone the test runs in: expectations are built from
// local calendar dates too).

const NOW = new Date(2026, 2, 11, 14, 35, 20); // 11 March 2026, 14:35:20 local
const at = (d: Date) => Math.floor(d.getTime() / 1000);

describe('quick ranges', () => {
  it('today runs from local midnight to now', () => {
    expect(quickRange('today', NOW)).toEqual({ start_time: at(new Date(2026, 2, 11)), end_time: at(NOW) });
  });

  it('yesterday is the whole previous calendar day', () => {
    expect(quickRange('yesterday', NOW)).toEqual({
      start_time: at(new Date(2026, 2, 10)),
      end_time: at(new Date(2026, 2, 11)) - 1,
    });
  });

  it('last 3 and last 7 days start at midnight 2 and 6 days back and end now', () => {
    expect(quickRange('last3', NOW)).toEqual({ start_time: at(new Date(2026, 2, 9)), end_time: at(NOW) });
    expect(quickRange('last7', NOW)).toEqual({ start_time: at(new Date(2026, 2, 5)), end_time: at(NOW) });
  });

  it('crosses month and year boundaries', () => {
    const newYear = new Date(2026, 0, 2, 8, 0, 0);
    expect(quickRange('last7', newYear).start_time).toBe(at(new Date(2025, 11, 27)));
    expect(quickRange('yesterday', new Date(2026, 2, 1, 0, 0, 5)).start_time).toBe(at(new Date(2026, 1, 28)));
  });

  it('never asks the server for more than its limit, even late in the day', () => {
    const late = new Date(2026, 2, 11, 23, 59, 59);
    for (const range of QUICK_RANGES) {
      const r = quickRange(range, late);
      expect(r.end_time).toBeGreaterThan(r.start_time);
      expect(r.end_time - r.start_time).toBeLessThanOrEqual(TRACK_MAX_SPAN_DAYS * 86_400);
    }
  });
});
