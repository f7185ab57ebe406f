import { describe, expect, it } from 'vitest';
import { currentTrip, distanceAlong, liveHeadways, type PassEvent, passTime } from './live-headway.ts';
import { coefficientOfVariation, observedHeadways } from './regularity.ts';
import { scheduledHeadwayAt } from './scheduled-headway.ts';
import { addDays, isServiceDate, localDate, serviceDayStart, weekdayOf } from './service-day.ts';

// The line map's arithmetic on its own: service days across time zones and clock changes, scheduled headways,
// regularity, and the live headway between two buses (docs/line-map.md "Headways").

const utc = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min) / 1000;

describe('service days', () => {
  it('counts from noon minus 12 h in the zone, which is not midnight on the day clocks change', () => {
    expect(serviceDayStart('20260407', 'America/New_York')).toBe(utc(2026, 4, 7, 4));
    expect(serviceDayStart('20260115', 'America/New_York')).toBe(utc(2026, 1, 15, 5));
    // 8 March 2026: New York springs forward at 02:00; noon is EDT, so time 0 is 23:00 EST the evening before.
    expect(serviceDayStart('20260308', 'America/New_York')).toBe(utc(2026, 3, 8, 4));
    expect(serviceDayStart('20260407', 'UTC')).toBe(utc(2026, 4, 7));
    expect(serviceDayStart('20260407', 'Asia/Bangkok')).toBe(utc(2026, 4, 6, 17));
  });

  it('finds the local date, the weekday and real dates', () => {
    expect(localDate(utc(2026, 4, 7, 3, 30), 'America/New_York')).toBe('20260406');
    expect(localDate(utc(2026, 4, 7, 3, 30), 'UTC')).toBe('20260407');
    expect(weekdayOf('20260406')).toBe(0);
    expect(weekdayOf('20260412')).toBe(6);
    expect(addDays('20260301', -1)).toBe('20260228');
    expect(addDays('20261231', 1)).toBe('20270101');
    expect(isServiceDate('20240229')).toBe(true);
    expect(isServiceDate('20260229')).toBe(false);
    expect(isServiceDate('20261301')).toBe(false);
    expect(isServiceDate('2026-04-07')).toBe(false);
  });
});

describe('scheduled headway', () => {
  const T = 1_775_000_000;
  const every = (from: number, step: number, n: number) => Array.from({ length: n }, (_, i) => from + i * step);

  it('is the median gap of the departures within half an hour either side', () => {
    expect(scheduledHeadwayAt(every(T, 600, 20), T + 5000)).toBe(600);
    // Peak (5 min) turning into off-peak (15 min) at T + 3000: around the turn the median follows the majority.
    const times = [...every(T, 300, 11), ...every(T + 3000 + 900, 900, 6)];
    expect(scheduledHeadwayAt(times, T + 1500)).toBe(300);
    expect(scheduledHeadwayAt(times, T + 6500)).toBe(900);
  });

  it('is null outside service and ignores breaks and trips leaving together', () => {
    const times = every(T, 600, 5);
    expect(scheduledHeadwayAt(times, T - 4000)).toBeNull();
    expect(scheduledHeadwayAt(times, T + 2400 + 4000)).toBeNull();
    expect(scheduledHeadwayAt([T, T, T + 600, T + 600, T + 1200], T + 600)).toBe(600);
    // Last evening trip and first morning trip: a break, not a headway.
    expect(scheduledHeadwayAt([T, T + 6 * 3600], T + 3 * 3600)).toBeNull();
    expect(scheduledHeadwayAt([], T)).toBeNull();
  });
});

describe('regularity', () => {
  it('takes the gaps between departures at each station, a bus seen twice within a minute once', () => {
    const gaps = observedHeadways([
      { car_id: 1, serial: 1, event_time: 1000 },
      { car_id: 2, serial: 1, event_time: 1600 },
      { car_id: 2, serial: 1, event_time: 1630 },
      { car_id: 3, serial: 1, event_time: 2200 },
      { car_id: 1, serial: 2, event_time: 1100 },
      { car_id: 2, serial: 2, event_time: 2000 },
      // One bus alone on a loop: its laps are headways.
      { car_id: 9, serial: 5, event_time: 1000 },
      { car_id: 9, serial: 5, event_time: 2800 },
    ]);
    expect(gaps.sort((a, b) => a - b)).toEqual([570, 600, 900, 1800]);
  });

  it('is the coefficient of variation, null with fewer than three headways', () => {
    expect(coefficientOfVariation([600, 600, 600])).toBe(0);
    expect(coefficientOfVariation([600, 600, 900])).toBeCloseTo(0.202, 3);
    expect(coefficientOfVariation([100, 1100, 100, 1100])).toBeCloseTo(0.833, 3);
    expect(coefficientOfVariation([600, 900])).toBeNull();
  });
});

describe('live headway', () => {
  // Stations every 1000 m: serial s at (s − 1) × 1000.
  const stations = Array.from({ length: 8 }, (_, i) => ({ serial: i + 1, distance: i * 1000 }));
  const distanceOf = new Map(stations.map((s) => [s.serial, s.distance]));
  const N = 1_775_000_000;
  const trip = (car: number, direction: number, times: [number, number][]): PassEvent[] =>
    times.map(([serial, t]) => ({ car_id: car, direction, serial, event_time: N + t }));

  it('places a bus between its stations from the metres left to the next one', () => {
    expect(distanceAlong(5, 500, stations)).toBe(4500);
    expect(distanceAlong(5, 1200, stations)).toBe(4000);
    expect(distanceAlong(5, -10, stations)).toBe(5000);
    expect(distanceAlong(8, 0, stations)).toBe(7000);
    expect(distanceAlong(5, undefined, stations)).toBe(4000);
    expect(distanceAlong(9, 100, stations)).toBeUndefined();
  });

  it('keeps the current trip only: not the other direction, not the previous lap', () => {
    const events = [
      ...trip(1, 1, [
        [6, -5000],
        [7, -4900],
      ]),
      ...trip(1, 2, [[1, -4000]]),
      ...trip(1, 1, [
        [1, -1000],
        [2, -800],
        [3, -600],
      ]),
    ];
    const points = currentTrip({ car_id: 1, serial: 3, distance: 2400, time: N }, 1, events, distanceOf);
    expect(points).toEqual([
      { distance: 0, time: N - 1000 },
      { distance: 1000, time: N - 800 },
      { distance: 2000, time: N - 600 },
      { distance: 2400, time: N },
    ]);
    // A loop's previous lap ends at a serial past the bus's: the walk stops there.
    const lap = [...trip(1, 1, [[8, -2000]]), ...trip(1, 1, [[1, -1000]])];
    expect(currentTrip({ car_id: 1, serial: 1, distance: 300, time: N }, 1, lap, distanceOf)).toEqual([
      { distance: 0, time: N - 1000 },
      { distance: 300, time: N },
    ]);
  });

  it('interpolates when the bus ahead passed a point, the departure counting at a stop', () => {
    const points = [
      { distance: 1000, time: N - 320 },
      { distance: 1000, time: N - 300 },
      { distance: 2000, time: N - 100 },
      { distance: 2500, time: N },
    ];
    expect(passTime(points, 1500)).toBe(N - 200);
    expect(passTime(points, 1000)).toBe(N - 300);
    expect(passTime(points, 2250)).toBe(N - 50);
    expect(passTime(points, 2500)).toBe(N);
    expect(passTime(points, 900)).toBeUndefined();
  });

  it('gives each bus the time since the bus ahead was where it is, front first', () => {
    const events = new Map<number, PassEvent[]>([
      [
        1,
        trip(1, 1, [
          [1, -1100],
          [2, -920],
          [2, -900],
          [3, -720],
          [3, -700],
          [4, -520],
          [4, -500],
          [5, -320],
          [5, -300],
          [6, -120],
          [6, -100],
        ]),
      ],
      [
        2,
        trip(2, 1, [
          [1, -1600],
          [2, -1420],
          [2, -1400],
          [3, -1200],
          [3, -1180],
        ]),
      ],
      [3, trip(3, 1, [[1, -400]])],
    ]);
    const buses = [
      { car_id: 3, serial: 1, distance: 400, time: N },
      { car_id: 1, serial: 6, distance: 5500, time: N },
      { car_id: 2, serial: 3, distance: 2500, time: N },
      { car_id: 4, serial: 1, distance: 0, time: N },
    ];
    const result = liveHeadways(buses, 1, events, distanceOf).map((r) => [r.vehicle.car_id, r.headway]);
    expect(result).toEqual([
      [1, null],
      // Bus 1 passed 2500 m halfway between leaving serial 3 (N − 700) and reaching serial 4 (N − 520).
      [2, 610],
      // Bus 2 passed 400 m 40 % of the way from the origin (N − 1600) to serial 2 (N − 1420).
      [3, 1528],
      // Bus 4 waits at the origin, which bus 3 left at N − 400.
      [4, 400],
    ]);
    // Two buses standing at one stop: the one ahead has not left it, so the one behind is right on it.
    const together = liveHeadways(
      [
        { car_id: 7, serial: 2, distance: 1000, time: N },
        { car_id: 8, serial: 2, distance: 1000, time: N },
      ],
      1,
      new Map([[7, trip(7, 1, [[2, -30]])]]),
      distanceOf,
    );
    expect(together.map((r) => [r.vehicle.car_id, r.headway])).toEqual([
      [7, null],
      [8, 0],
    ]);
    // The bus ahead's trip unknown behind the point: no headway rather than a wrong one.
    const unknown = liveHeadways(
      [
        { car_id: 5, serial: 4, distance: 3500, time: N },
        { car_id: 6, serial: 1, distance: 200, time: N },
      ],
      1,
      new Map([[5, trip(5, 1, [[3, -300]])]]),
      distanceOf,
    );
    expect(unknown.map((r) => r.headway)).toEqual([null, null]);
  });
});
