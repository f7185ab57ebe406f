import { describe, expect, it } from 'vitest';
import { tallyByHour } from './by-time.ts';
import type { CountChange } from './counters.ts';

// Hour buckets on the company's wall clock, including zones off the whole hour and daylight-saving changes.

const ch = (time: number, up: number, down: number): CountChange => ({
  time,
  since: time - 10,
  up,
  down,
  lastStop: null,
  trip: null,
});
const utc = (iso: string) => Date.parse(`${iso}Z`) / 1000;
const rows = (changes: CountChange[], first: string, last: string, zone: string) =>
  tallyByHour(changes, { first: utc(first), last: utc(last) }, zone).map((h) => [h.time_frame, h.up, h.down]);

describe('counts per hour', () => {
  it('fills every hour between the first and last report, in the zone', () => {
    expect(rows([ch(utc('2026-03-02T02:05:00'), 3, 1)], '2026-03-02T00:40:00', '2026-03-02T03:10:00', 'UTC')).toEqual([
      ['2026-03-02 00:00', 0, 0],
      ['2026-03-02 01:00', 0, 0],
      ['2026-03-02 02:00', 3, 1],
      ['2026-03-02 03:00', 0, 0],
    ]);
  });

  it('follows a zone half an hour off UTC', () => {
    // 02:20 and 02:40 UTC are 07:50 and 08:10 in Kolkata: two hours.
    const changes = [ch(utc('2026-03-02T02:20:00'), 1, 0), ch(utc('2026-03-02T02:40:00'), 2, 0)];
    expect(rows(changes, '2026-03-02T02:20:00', '2026-03-02T02:40:00', 'Asia/Kolkata')).toEqual([
      ['2026-03-02 07:00', 1, 0],
      ['2026-03-02 08:00', 2, 0],
    ]);
  });

  it('has no 02:00 on the night clocks go forward, and one 01:00 for the hour lived twice', () => {
    // New York, 2026-03-08: 01:59 EST is followed by 03:00 EDT (07:00 UTC).
    expect(rows([], '2026-03-08T06:30:00', '2026-03-08T07:30:00', 'America/New_York').map((r) => r[0])).toEqual([
      '2026-03-08 01:00',
      '2026-03-08 03:00',
    ]);
    // 2026-11-01: 01:00–01:59 EDT (05:00 UTC), then again 01:00–01:59 EST (06:00 UTC).
    const changes = [ch(utc('2026-11-01T05:30:00'), 1, 0), ch(utc('2026-11-01T06:30:00'), 2, 1)];
    expect(rows(changes, '2026-11-01T04:30:00', '2026-11-01T07:30:00', 'America/New_York')).toEqual([
      ['2026-11-01 00:00', 0, 0],
      ['2026-11-01 01:00', 3, 1],
      ['2026-11-01 02:00', 0, 0],
    ]);
  });

  it('answers no hours without a report', () => {
    expect(tallyByHour([], null, 'UTC')).toEqual([]);
  });
});
