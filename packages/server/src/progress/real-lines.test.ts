import { beforeAll, describe, expect, it } from 'vitest';
import { loadFeedLines } from './testing/feed.ts';
import { syntheticAccuracy } from './testing/synthetic-fleet.ts';
import type { LineGeometry } from './types.ts';

// The eight real Staten Island lines from the shared GTFS feed, driven by the synthetic bus (see testing/drive.ts):
// accelerating, braking, red lights, dwells at 70% of stops, layovers, 1% multipath outliers.
let lines: LineGeometry[] = [];
beforeAll(async () => {
  lines = await loadFeedLines();
}, 60_000);

describe('station detection on the real S40–S79 geometries (synthetic drive)', () => {
  it('loads every line with both directions', () => {
    expect(lines.map((l) => l.routeCode).sort()).toEqual(['S40', 'S42', 'S44', 'S46', 'S48', 'S51', 'S53', 'S79-SBS']);
    expect(lines.every((l) => l.directions.length === 2)).toBe(true);
  });

  for (const [interval, noise] of [
    [10, 5],
    [10, 10],
    [30, 8],
  ] as const) {
    it(`detects ≥ 99% of visits within 10 s median with ${interval} s reports and ${noise} m noise`, () => {
      const run = syntheticAccuracy(lines, {
        interval,
        noise,
        trips: 3,
        busesPerLine: 2,
        seed: interval * 100 + noise,
      });
      const a = run.accuracy;
      expect(a.visits).toBeGreaterThan(1000);
      expect(a.detectedShare).toBeGreaterThanOrEqual(0.99);
      expect(a.arrivals.medianAbs).toBeLessThan(10);
      expect(a.departures.medianAbs).toBeLessThan(10);
      // The truth leaves the origin's arrival and the terminal's departure open (the bus waits through its layover
      // there); any other unclaimed event is a duplicate or a phantom visit.
      const lastSerial = new Map(
        lines.flatMap((l) => l.directions.map((d) => [`${l.routeCode}|${d.direction}`, d.stations.at(-1)!.serial])),
      );
      const phantom = a.unmatchedEvents.filter(
        (e) =>
          !(e.flag === 1 && e.serial === 1) &&
          !(e.flag === 2 && e.serial === lastSerial.get(`${e.routeCode}|${e.direction}`)),
      );
      expect(phantom.length).toBeLessThanOrEqual(a.visits * 0.005);
      expect(run.deviations).toBe(0);
    }, 60_000);
  }
});
