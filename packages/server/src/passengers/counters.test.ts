import { describe, expect, it } from 'vitest';
import { type CounterSample, countChanges, difference, type PassengerCounters } from './counters.ts';

// The counter arithmetic on its own: every way the 0xE1 counters move between two reports.

const c = (onDay: number, onTrip: number, offTrip: number, onReal = 0, offReal = 0): PassengerCounters => ({
  onDay,
  onTrip,
  offTrip,
  onReal,
  offReal,
});

describe('difference between two reports', () => {
  it('counts what the counters grew by', () => {
    expect(difference(c(10, 4, 2, 1, 0), c(13, 7, 3, 3, 1))).toEqual({
      tripReset: false,
      tail: { up: 3, down: 1 },
      fresh: { up: 0, down: 0 },
    });
  });

  it('counts nothing for a repeated report', () => {
    const d = difference(c(13, 7, 3, 3, 1), c(13, 7, 3, 3, 1));
    expect(d.tail).toEqual({ up: 0, down: 0 });
    expect(d.tripReset).toBe(false);
  });

  it('takes boardings from the trip counter when the day counter turned over mid-trip', () => {
    expect(difference(c(500, 10, 6), c(2, 12, 7)).tail).toEqual({ up: 2, down: 1 });
  });

  it('still counts boardings when the terminal leaves the day counter at 0', () => {
    expect(difference(c(0, 10, 6), c(0, 14, 7)).tail).toEqual({ up: 4, down: 1 });
  });

  it('splits a trip reset into the old trip’s tail (from the day counter) and the new trip', () => {
    // 2 boarded at the old trip's last stops (day counter +5, of which the new trip holds 3).
    expect(difference(c(20, 12, 9, 1, 1), c(25, 3, 1, 3, 1))).toEqual({
      tripReset: true,
      tail: { up: 2, down: 0 },
      fresh: { up: 3, down: 1 },
    });
  });

  it('sees a reset when only the alightings fell (a busy new trip boarded past the old count)', () => {
    const d = difference(c(20, 5, 5, 0, 5), c(32, 12, 1, 12, 1));
    expect(d.tripReset).toBe(true);
    expect(d.fresh).toEqual({ up: 12, down: 1 });
    expect(d.tail).toEqual({ up: 0, down: 0 });
  });

  it('recovers a missed last stop from the "last stop" counters while the new trip has counted nobody', () => {
    expect(difference(c(18, 12, 5, 5, 2), c(18, 0, 0, 0, 7)).tail).toEqual({ up: 0, down: 7 });
    // The last stop was reported before the reset: its counters are unchanged, nothing more to add.
    expect(difference(c(18, 12, 12, 0, 7), c(18, 0, 0, 0, 7)).tail).toEqual({ up: 0, down: 0 });
    // The new trip already counted: the "last stop" counters are its own, the old trip's end stays unknown.
    expect(difference(c(18, 12, 5, 5, 2), c(21, 3, 0, 3, 0)).tail).toEqual({ up: 0, down: 0 });
  });

  it('after a day and trip reset together, takes the old trip’s boardings from the last stop', () => {
    expect(difference(c(300, 12, 5, 5, 2), c(0, 0, 0, 2, 9))).toEqual({
      tripReset: true,
      tail: { up: 2, down: 9 },
      fresh: { up: 0, down: 0 },
    });
  });
});

describe('changes over a run of reports', () => {
  const s = (time: number, counters: PassengerCounters): CounterSample => ({ time, counters });

  it('starts from the baseline, or from the first report without one', () => {
    const run = [s(100, c(5, 5, 0)), s(110, c(7, 7, 1))];
    expect(countChanges(run, s(0, c(3, 3, 0))).map((x) => [x.time, x.up, x.down])).toEqual([
      [100, 2, 0],
      [110, 2, 1],
    ]);
    expect(countChanges(run).map((x) => [x.time, x.up, x.down])).toEqual([[110, 2, 1]]);
  });

  it('dates each trip between the reports around its reset', () => {
    const changes = countChanges([
      s(100, c(5, 5, 0)),
      s(110, c(5, 5, 5, 0, 5)),
      s(120, c(5, 0, 0, 0, 5)), // reset, nobody yet
      s(130, c(8, 3, 0, 3, 0)),
    ]);
    expect(changes).toEqual([
      { time: 110, since: 100, up: 0, down: 5, lastStop: { up: 0, down: 5 }, trip: null },
      { time: 130, since: 120, up: 3, down: 0, lastStop: { up: 3, down: 0 }, trip: { after: 110, seen: 120 } },
    ]);
  });

  it('tells when a new stop’s counts show in the "last stop" counters', () => {
    const changes = countChanges([
      s(100, c(5, 5, 0, 5, 0)),
      s(110, c(7, 7, 1, 2, 1)), // a new stop: 2 on, 1 off
      s(120, c(8, 8, 1, 2, 1)), // one more counted at the same stop: its counters did not move
    ]);
    expect(changes.map((x) => x.lastStop)).toEqual([{ up: 2, down: 1 }, null]);
  });
});
