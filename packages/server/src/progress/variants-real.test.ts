import { StateMask, WarningMask } from '@headway/spec';
import { beforeAll, describe, expect, it } from 'vitest';
import { RouteProgressEngine } from './engine.ts';
import { bearingOf, haversineMetres } from './planar.ts';
import { loadFeedLines } from './testing/feed.ts';
import type { LineGeometry, ProgressUpdate } from './types.ts';

// Real branches of the shared Staten Island feed: S51's S510120 (98 of 329 trips, up to 641 m off the main path)
// and S46's S460396 (282 m). A bus running its branch is on its route; one 300 m off every path is not.

let lines: LineGeometry[] = [];
beforeAll(async () => {
  lines = await loadFeedLines();
}, 60_000);

const T0 = 1_790_000_000;
const M_LAT = 1 / 111_320;

/** Points every `step` metres along a [lng, lat] path, with the heading there. */
function walk(path: [number, number][], step: number): { lng: number; lat: number; heading: number }[] {
  const out: { lng: number; lat: number; heading: number }[] = [];
  let carry = 0;
  for (let i = 1; i < path.length; i++) {
    const [lng0, lat0] = path[i - 1]!;
    const [lng1, lat1] = path[i]!;
    const len = haversineMetres(lat0, lng0, lat1, lng1);
    const kx = Math.cos((lat0 * Math.PI) / 180);
    const heading = bearingOf((lng1 - lng0) * kx, lat1 - lat0);
    let d = carry;
    for (; d < len; d += step) {
      const f = d / len;
      out.push({ lng: lng0 + (lng1 - lng0) * f, lat: lat0 + (lat1 - lat0) * f, heading });
    }
    carry = d - len;
  }
  return out;
}

type Point = { lng: number; lat: number; heading: number };

/**
 * Drives legs one after the other at 10 m/s with a report every 10 s (100 m), standing a minute at the start of
 * each (the layover before a trip).
 */
function drive(line: LineGeometry, legs: Point[][]): ProgressUpdate[] {
  const engine = new RouteProgressEngine();
  engine.setLine(line);
  engine.bind('bus', line.routeCode);
  const updates: ProgressUpdate[] = [];
  let t = T0;
  const report = (p: Point, speed: number) => {
    updates.push(engine.update('bus', { lat: p.lat, lng: p.lng, speed, azimuth: p.heading, time: t, state: 3 })!);
    t += 10;
  };
  for (const points of legs) {
    for (let i = 0; i < 6; i++) report(points[0]!, 0);
    for (const p of points) report(p, 36);
  }
  return updates;
}

const deviated = (updates: ProgressUpdate[]) =>
  updates.filter((u) => u.deviation?.kind === 'start' || u.snapshot.deviating || (u.state & StateMask.deviation) !== 0);

const variantPath = (line: LineGeometry, dirIndex: number, shapeId: string) =>
  line.directions[dirIndex]!.variants!.find((v) => v.shapeId === shapeId)!.path;

// S51's branch is mid-route (it leaves the main path 6.5 km out and rejoins 1.3 km later), both directions. S46's
// branch trips end (S460363, down) and start (S460396, up) at another terminal, 1.2 km from the main path's: a bus
// runs one and then the other.
for (const [route, legs] of [
  ['S51', [[0, 'S510120']]],
  ['S51', [[1, 'S510038']]],
  [
    'S46',
    [
      [1, 'S460363'],
      [0, 'S460396'],
    ],
  ],
] as const) {
  const name = legs.map(([, id]) => id).join(' then ');
  describe(`${route} driven along its variants ${name}`, () => {
    it('raises no deviation; the same drive without the variants known would', () => {
      const line = lines.find((l) => l.routeCode === route)!;
      const points = legs.map(([dirIndex, shapeId]) => walk(variantPath(line, dirIndex, shapeId), 100));
      const updates = drive(line, points);
      expect(deviated(updates)).toEqual([]);
      expect(updates.filter((u) => u.snapshot.onVariant).length).toBeGreaterThan(2);
      // Station events still come, on the main pattern's stations, in serial order per direction.
      const events = updates.flatMap((u) => u.stationEvents);
      expect(events.length).toBeGreaterThan(40);
      for (const dir of [1, 2]) {
        const serials = events.filter((e) => e.direction === dir).map((e) => e.serial);
        expect([...serials].sort((a, b) => a - b)).toEqual(serials);
      }

      const mainOnly: LineGeometry = { ...line, directions: line.directions.map(({ variants: _, ...d }) => d) };
      expect(drive(mainOnly, points).filter((u) => u.deviation?.kind === 'start').length).toBeGreaterThan(0);
    });
  });
}

describe('S51 driven 300 m off every path', () => {
  it('raises the deviation alarm (state bit 7, warning 23) and clears it back on the path', () => {
    const line = lines.find((l) => l.routeCode === 'S51')!;
    const dir = line.directions[0]!;
    const points = walk(dir.path, 100);
    // Every known path of the line, sampled every 20 m, to find a stretch where a 300 m shift is clear of all.
    const cloud = line.directions.flatMap((d) =>
      [d.path, ...(d.variants ?? []).map((v) => v.path)].flatMap((p) => walk(p, 20)),
    );
    const clearance = (p: Point) => Math.min(...cloud.map((c) => haversineMetres(p.lat, p.lng, c.lat, c.lng)));
    const shift = (p: Point, side: number): Point => {
      const rad = ((p.heading + 90 * side) * Math.PI) / 180;
      const kx = Math.cos((p.lat * Math.PI) / 180);
      return { ...p, lat: p.lat + 300 * Math.cos(rad) * M_LAT, lng: p.lng + (300 * Math.sin(rad) * M_LAT) / kx };
    };
    let found: { from: number; side: number } | null = null;
    for (let from = 20; from < points.length - 30 && !found; from += 5) {
      for (const side of [1, -1]) {
        if (points.slice(from, from + 15).every((p) => clearance(shift(p, side)) > 200)) {
          found = { from, side };
          break;
        }
      }
    }
    expect(found).not.toBeNull();
    const { from, side } = found!;
    const shifted = points.map((p, i) => (i >= from && i < from + 15 ? shift(p, side) : p));
    const updates = drive(line, [shifted]);
    const starts = updates.filter((u) => u.deviation?.kind === 'start');
    expect(starts).toHaveLength(1);
    expect(starts[0]!.warningMask).toBe(WarningMask.routeDeviation);
    expect(starts[0]!.state & StateMask.deviation).not.toBe(0);
    expect(updates.filter((u) => u.deviation?.kind === 'end')).toHaveLength(1);
  });
});
