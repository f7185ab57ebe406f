import { describe, expect, it } from 'vitest';
import { inLineOrder, sortEvents, tallyByStation, type VisitEvent } from './by-station.ts';
import type { CountChange } from './counters.ts';

// Placing counter changes at stations: the time-order merge and its edge cases (late reports, turnarounds recorded
// late, stale events, nothing known).

const ev = (time: number, flag: 1 | 2, direction: number, serial: number, route_code = 'S40'): VisitEvent => ({
  time,
  flag,
  route_code,
  direction,
  serial,
  station_name: `${route_code}-${direction}-${serial}`,
});

const ch = (
  time: number,
  up: number,
  down: number,
  trip: CountChange['trip'] = null,
  more: Partial<CountChange> = {},
): CountChange => ({ time, since: time - 10, up, down, lastStop: null, trip, ...more });

const tally = (changes: CountChange[], events: VisitEvent[], start = 0, end = 100_000) =>
  tallyByStation(changes, sortEvents(events), { start, end }).map((t) => [t.station_name, t.up, t.down]);

describe('counts per station', () => {
  it('places a change at the station last arrived at or departed from, however late the report', () => {
    const events = [ev(100, 1, 1, 1), ev(160, 2, 1, 1), ev(400, 1, 1, 2)];
    // 110: at the stop; 300: the report after the dwell was lost, still before the next arrival.
    expect(tally([ch(110, 3, 1), ch(300, 2, 0), ch(410, 1, 1)], events)).toEqual([
      ['S40-1-1', 5, 1],
      ['S40-1-2', 1, 1],
    ]);
  });

  it('places a new stop’s counts at the next station when the vehicle had left the last one, arrival not yet dated', () => {
    // Left stop 1 at 160; the report at 190 (previous at 170) shows stop 2's counts; the server dates the arrival
    // at stop 2 at 195, from the reports around it.
    const events = [ev(100, 1, 1, 1), ev(160, 2, 1, 1), ev(195, 1, 1, 2)];
    const change = ch(190, 4, 2, null, { since: 170, lastStop: { up: 3, down: 2 } });
    expect(tally([change], events)).toEqual([
      ['S40-1-1', 1, 0],
      ['S40-1-2', 3, 2],
    ]);
    // Left stop 1 after the previous report: the counts may still be stop 1's, shown late.
    expect(tally([{ ...change, since: 150 }], events)).toEqual([
      ['S40-1-1', 4, 2],
      ['S40-1-2', 0, 0],
    ]);
    // No new stop in the "last stop" counters: late counts of stop 1.
    expect(tally([{ ...change, lastStop: null }], events)).toEqual([
      ['S40-1-1', 4, 2],
      ['S40-1-2', 0, 0],
    ]);
  });

  it('lists visited stations with nothing counted, and only those inside the range', () => {
    const events = [ev(50, 1, 1, 1), ev(100, 1, 1, 2), ev(200, 1, 1, 3)];
    expect(tally([ch(110, 1, 0)], events, 90, 150)).toEqual([['S40-1-2', 1, 0]]);
  });

  it('moves a new trip’s boardings from the old terminal to the new origin recorded after them', () => {
    // The turnaround at 1500 (terminal departure, then origin arrival at the same second) comes after the boarding
    // at 1440, whose trip began after the arrival at the terminal (700).
    const events = [ev(700, 1, 1, 9), ev(1500, 1, 2, 1), ev(1500, 2, 1, 9), ev(1800, 1, 2, 2)];
    const trip = { after: 800, seen: 810 };
    expect(tally([ch(750, 0, 7), ch(1440, 6, 0, trip), ch(1810, 2, 2, trip)], events)).toEqual([
      ['S40-1-9', 0, 7],
      ['S40-2-1', 6, 0],
      ['S40-2-2', 2, 2],
    ]);
  });

  it('keeps the terminal’s own alightings there even though a first stop follows', () => {
    const events = [ev(100, 1, 1, 1), ev(700, 1, 1, 9), ev(1500, 1, 2, 1)];
    const trip = { after: 50, seen: 60 };
    expect(tally([ch(710, 0, 7, trip)], events)).toEqual([
      ['S40-1-1', 0, 0],
      ['S40-1-9', 0, 7],
      ['S40-2-1', 0, 0],
    ]);
  });

  it('when reset and terminal arrival fall between the same reports, turns only from a terminal to a first stop', () => {
    const trip = { after: 600, seen: 800 };
    // Arrival at the terminal (serial 9) at 700, inside (600, 800]: the new trip's boardings go to the first stop.
    expect(tally([ch(900, 4, 0, trip)], [ev(700, 1, 1, 9), ev(1000, 1, 2, 1)])).toEqual([
      ['S40-1-9', 0, 0],
      ['S40-2-1', 4, 0],
    ]);
    // Arrival at the new origin itself inside (600, 800]: already on the new trip.
    expect(tally([ch(900, 4, 0, trip)], [ev(700, 1, 2, 1), ev(1000, 1, 2, 2)])).toEqual([
      ['S40-2-1', 4, 0],
      ['S40-2-2', 0, 0],
    ]);
  });

  it('ignores an event over 30 min old and uses an arrival within 30 min after, else leaves the change unplaced', () => {
    const events = [ev(0, 2, 1, 9), ev(20_000, 1, 1, 1)];
    // 18500: the last event is hours old; the next arrival is 1500 s later.
    expect(tally([ch(18_500, 2, 0)], events, 0, 30_000)).toEqual([
      ['S40-1-9', 0, 0],
      ['S40-1-1', 2, 0],
    ]);
    // 8000: nothing within 30 min either side.
    expect(tally([ch(8000, 2, 1)], events, 0, 30_000)).toEqual([
      ['S40-1-9', 0, 0],
      ['S40-1-1', 0, 0],
      ['', 2, 1],
    ]);
  });

  it('orders lines by their sort order, then direction and serial, unplaced counts last', () => {
    const tallies = tallyByStation(
      [ch(10, 1, 0), ch(100_000, 1, 1)],
      sortEvents([ev(5, 1, 2, 1, 'B'), ev(20, 1, 1, 3, 'A'), ev(30, 1, 1, 1, 'A'), ev(40, 1, 1, 2, 'B')]),
      { start: 0, end: 200_000 },
    );
    const ordered = inLineOrder(
      tallies,
      new Map([
        ['B', 1],
        ['A', 2],
      ]),
    );
    expect(ordered.map((t) => t.station_name)).toEqual(['B-1-2', 'B-2-1', 'A-1-1', 'A-1-3', '']);
  });
});
