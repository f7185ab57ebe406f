import { StateMask } from '@headway/spec';
import { describe, expect, it } from 'vitest';
import { compileLine } from './compile.ts';
import { RouteProgressEngine } from './engine.ts';
import { DEFAULT_OPTIONS } from './options.ts';
import { at, directionOf, headingAlong, lineOf, pointAlong, reportAt } from './testing/synthetic.ts';
import type { DirectionGeometry, LineGeometry, ProgressUpdate } from './types.ts';

const T0 = 1_790_000_000;
const MAIN: [number, number][] = [
  [0, 0],
  [3000, 0],
];
// Leaves the main street at 1000 m, runs 300 m north of it, rejoins at 2000 m (a branch through another street).
const BRANCH: [number, number][] = [
  [0, 0],
  [1000, 0],
  [1000, 300],
  [2000, 300],
  [2000, 0],
  [3000, 0],
];
// A short turn: the first half of the main path.
const SHORT: [number, number][] = [
  [0, 0],
  [1500, 0],
];
const STOPS = [0, 500, 1000, 1500, 2000, 2500, 3000];

function pathOf(vertices: [number, number][]): [number, number][] {
  return vertices.map(([e, n]) => {
    const p = at(e, n);
    return [p.lng, p.lat];
  });
}

function lineWith(variants: [number, number][][]): LineGeometry {
  const up: DirectionGeometry = {
    ...directionOf(1, MAIN, STOPS),
    variants: variants.map((v) => ({ path: pathOf(v) })),
  };
  return lineOf('V1', 1, [up]);
}

/** Drives planar vertices at 10 m/s, one report every 10 s, from just after the origin to the end. */
function drive(engine: RouteProgressEngine, vertices: [number, number][], length: number): ProgressUpdate[] {
  const updates: ProgressUpdate[] = [];
  // Standing at the origin first, then off: the engine judges deviation only once a trip has started.
  for (let i = 0; i < 3; i++) updates.push(engine.update('bus', reportAt(0, 0, T0 + i * 10, 0, 90))!);
  for (let d = 10, t = T0 + 30; d <= length; d += 100, t += 10) {
    const [e, n] = pointAlong(vertices, d);
    updates.push(engine.update('bus', reportAt(e, n, t, 36, headingAlong(vertices, d)))!);
  }
  return updates;
}

function engineFor(line: LineGeometry): RouteProgressEngine {
  const engine = new RouteProgressEngine();
  engine.setLine(line);
  engine.bind('bus', line.routeCode);
  return engine;
}

const branchLength = 1000 + 300 + 1000 + 300 + 1000;

describe('compiled variants', () => {
  it('keeps only the stretch of a branch that leaves the main path, with where it rejoins', () => {
    const line = compileLine(lineWith([BRANCH]), DEFAULT_OPTIONS);
    const vs = line.directions[0]!.variants!;
    expect(vs.stretches).toBe(1);
    // Junction points on the main path bound the stretch: (1000,0) … (2000,0).
    expect(vs.xs.length).toBe(4);
    expect(vs.rejoin[0]).toBeCloseTo(2000, -1);
    // Metres along the branch to the rejoin point, from each point of the stretch.
    expect([...vs.toRejoin].map(Math.round)).toEqual([1600, 1300, 300, 0]);
  });

  it('drops a short turn that runs on the main path', () => {
    const line = compileLine(lineWith([SHORT]), DEFAULT_OPTIONS);
    expect(line.directions[0]!.variants).toBeNull();
  });
});

describe('a vehicle on a branch', () => {
  it('is on its route: no deviation, progress projected along the branch, bypassed stations silent', () => {
    const engine = engineFor(lineWith([SHORT, BRANCH]));
    const updates = drive(engine, BRANCH, branchLength);
    expect(
      updates.some((u) => u.deviation !== null || u.snapshot.deviating || (u.state & StateMask.deviation) !== 0),
    ).toBe(false);
    const onBranch = updates.filter((u) => u.snapshot.onVariant);
    expect(onBranch.length).toBeGreaterThanOrEqual(14);
    // Distance to the terminal keeps falling on the branch (projected to the rejoin point), never jumps up.
    const left = onBranch.map((u) => u.snapshot.distanceToTerminal);
    for (let i = 1; i < left.length; i++) expect(left[i]!).toBeLessThanOrEqual(left[i - 1]! + 1);
    expect(left.at(-1)!).toBeLessThan(1200);
    const events = updates.flatMap((u) => u.stationEvents);
    // 1500 m lies on the main street the branch bypasses: not visited. After the rejoin, stations as usual.
    expect(events.filter((e) => e.serial === 4)).toEqual([]);
    expect(events.filter((e) => e.serial === 2).map((e) => e.flag)).toEqual([1, 2]);
    expect(events.filter((e) => e.serial === 5).map((e) => e.flag)).toEqual([1, 2]);
    expect(events.filter((e) => e.serial === 6).map((e) => e.flag)).toEqual([1, 2]);
    // Event times stay in order and follow the drive (10 m/s): 2500 m along the main is 3100 m of branch driving.
    const times = events.map((e) => e.eventTime);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const at2500 = events.find((e) => e.serial === 6 && e.flag === 1)!.eventTime;
    expect(Math.abs(at2500 - (T0 + 30 + (3070 - 10) / 10))).toBeLessThan(15);
  });

  it('deviates on the same drive when the branch is not a known path', () => {
    const engine = engineFor(lineWith([SHORT]));
    const updates = drive(engine, BRANCH, branchLength);
    expect(updates.filter((u) => u.deviation?.kind === 'start')).toHaveLength(1);
  });

  it('deviates when off every path (300 m beside the main street, not on the branch)', () => {
    const engine = engineFor(lineWith([BRANCH]));
    // South of the main street, where no variant runs.
    const detour: [number, number][] = [
      [0, 0],
      [1000, 0],
      [1000, -300],
      [2000, -300],
      [2000, 0],
      [3000, 0],
    ];
    const updates = drive(engine, detour, branchLength);
    expect(updates.filter((u) => u.deviation?.kind === 'start')).toHaveLength(1);
    expect(updates.filter((u) => u.deviation?.kind === 'end')).toHaveLength(1);
    expect(updates.some((u) => u.snapshot.onVariant)).toBe(false);
  });
});
