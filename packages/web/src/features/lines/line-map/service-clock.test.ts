import { describe, expect, it } from 'vitest';
import { formatServiceTime, serviceSeconds } from './service-clock';

describe('service clock', () => {
  it('counts seconds after the service day’s midnight in the company’s zone', () => {
    // 2026-11-24 23:07:58 UTC is 18:07:58 in New York (EST, UTC−5).
    const at = Date.UTC(2026, 10, 24, 23, 7, 58);
    expect(serviceSeconds(at, '20261124', 'America/New_York')).toBe(18 * 3600 + 7 * 60 + 58);
    expect(serviceSeconds(at, '20261124', 'UTC')).toBe(23 * 3600 + 7 * 60 + 58);
    // Bangkok is already on the 25th: past 24 h of the 24th's service day.
    expect(serviceSeconds(at, '20261124', 'Asia/Bangkok')).toBe(24 * 3600 + 6 * 3600 + 7 * 60 + 58);
  });

  it('writes GTFS times past midnight as they are', () => {
    expect(formatServiceTime(6 * 3600 + 5 * 60 + 59)).toBe('06:05');
    expect(formatServiceTime(25 * 3600 + 10 * 60)).toBe('25:10');
  });
});
