import { StateMask, WarningMask } from '@headway/spec';
import { describe, expect, it } from 'vitest';
import { RouteProgressEngine } from './engine.ts';
import { mulberry32 } from './testing/drive.ts';
import { directionOf, headingAlong, lineOf, pointAlong, reportAt } from './testing/synthetic.ts';
import type { LineGeometry, ProgressUpdate, StationEvent } from './types.ts';

const T0 = 1_790_000_000;
const EAST: [number, number][] = [
  [0, 0],
  [3000, 0],
];
// The down direction runs back along the same street, 8 m to the side: offset alone cannot tell them apart.
const WEST: [number, number][] = [
  [3000, 8],
  [0, 8],
];
const STOPS = [0, 500, 1000, 1500, 2000, 2500, 3000];

function twoWay(): LineGeometry {
  return lineOf('T1', 0, [directionOf(1, EAST, STOPS), directionOf(2, WEST, STOPS)]);
}

function engineWith(line: LineGeometry, id = 'bus'): RouteProgressEngine {
  const engine = new RouteProgressEngine();
  engine.setLine(line);
  engine.bind(id, line.routeCode);
  return engine;
}

/** Drives `vertices` from `from` metres at constant speed, reporting every `interval` s with optional noise. */
function cruise(
  engine: RouteProgressEngine,
  vertices: [number, number][],
  opts: { from?: number; to: number; speed: number; interval: number; start: number; noise?: number; seed?: number },
): { updates: ProgressUpdate[]; events: StationEvent[]; end: number } {
  const rand = mulberry32(opts.seed ?? 1);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const updates: ProgressUpdate[] = [];
  const from = opts.from ?? 0;
  let t = opts.start;
  for (let s = from; s <= opts.to; s += opts.speed * opts.interval, t += opts.interval) {
    const [e, n] = pointAlong(vertices, s);
    const noise = opts.noise ?? 0;
    const r = reportAt(e + gauss() * noise, n + gauss() * noise, t, opts.speed * 3.6, headingAlong(vertices, s));
    updates.push(engine.update('bus', r)!);
  }
  return { updates, events: updates.flatMap((u) => u.stationEvents), end: t };
}

function stand(
  engine: RouteProgressEngine,
  east: number,
  north: number,
  opts: { start: number; seconds: number; interval: number; noise: number; seed?: number },
): ProgressUpdate[] {
  const rand = mulberry32(opts.seed ?? 2);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const out: ProgressUpdate[] = [];
  for (let t = opts.start; t < opts.start + opts.seconds; t += opts.interval) {
    out.push(engine.update('bus', reportAt(east + gauss() * opts.noise, north + gauss() * opts.noise, t, 0, 90))!);
  }
  return out;
}

const brief = (e: StationEvent) => `${e.direction}:${e.serial}:${e.flag === 1 ? 'A' : 'D'}`;

describe('route progress on a straight two-way line', () => {
  it('emits every arrival and departure in order with interpolated times', () => {
    const engine = engineWith(twoWay());
    const { events } = cruise(engine, EAST, { to: 3000, speed: 10, interval: 10, start: T0 });
    expect(events.map(brief)).toEqual(['1:1:D', ...[2, 3, 4, 5, 6].flatMap((k) => [`1:${k}:A`, `1:${k}:D`]), '1:7:A']);
    // At 10 m/s the arrival time is read 10 m before the stop and the departure 10 m after it.
    for (const e of events) {
      const d = STOPS[e.serial - 1]!;
      const truth = T0 + (e.flag === 1 ? d - 10 : d + 10) / 10;
      expect(Math.abs(e.eventTime - truth)).toBeLessThanOrEqual(1);
    }
  });

  it('emits both events for stations jumped over between sparse 30 s reports', () => {
    const engine = engineWith(twoWay());
    // From 300 m at 15 m/s every 30 s: reports at 300, 750, … 3000, no two inside one station's zone.
    const { events, updates } = cruise(engine, EAST, { from: 300, to: 3000, speed: 15, interval: 30, start: T0 });
    expect(events.filter((e) => e.flag === 1).map((e) => e.serial)).toEqual([2, 3, 4, 5, 6, 7]);
    for (const e of events) {
      const d = STOPS[e.serial - 1]!;
      const truth = T0 + ((e.flag === 1 ? d - 10 : d + 10) - 300) / 15;
      expect(Math.abs(e.eventTime - truth)).toBeLessThanOrEqual(1);
      expect(e.estimated).toBe(false);
    }
    // No event is stamped with a report time blindly: each lies strictly between two reports here.
    const reportTimes = new Set(updates.map((_, i) => T0 + i * 30));
    expect(events.filter((e) => e.flag === 1 && reportTimes.has(e.eventTime))).toHaveLength(0);
  });

  it('gives one arrival and one departure for a noisy dwell, never repeating on backward jitter', () => {
    const engine = engineWith(twoWay());
    const a = cruise(engine, EAST, { to: 480, speed: 10, interval: 10, start: T0, noise: 6 });
    const dwell = stand(engine, 500, 0, { start: a.end, seconds: 180, interval: 10, noise: 8 });
    const b = cruise(engine, EAST, { from: 520, to: 1200, speed: 10, interval: 10, start: a.end + 180, noise: 6 });
    const events = [...a.events, ...dwell.flatMap((u) => u.stationEvents), ...b.events].filter((e) => e.serial === 2);
    expect(events.map(brief)).toEqual(['1:2:A', '1:2:D']);
    expect(events[1]!.eventTime).toBeGreaterThanOrEqual(a.end + 170);
    const progress = dwell.map((u) => u.snapshot.along);
    expect(Math.min(...progress)).toBe(Math.max(...progress.slice(0, 1)));
    expect(dwell.every((u) => u.snapshot.atStation && u.snapshot.route.sn === 2)).toBe(true);
  });

  it('tells the up and down directions apart on one street by heading', () => {
    const engine = engineWith(twoWay());
    const { updates, events } = cruise(engine, WEST, {
      from: 700,
      to: 2000,
      speed: 10,
      interval: 10,
      start: T0,
      noise: 6,
    });
    expect(updates.every((u) => u.snapshot.direction === 2)).toBe(true);
    expect(events.filter((e) => e.flag === 1).map((e) => `${e.direction}:${e.serial}`)).toEqual(['2:3', '2:4', '2:5']);
  });

  it('turns around at the terminal: arrival, layover, then the down trip', () => {
    const engine = engineWith(twoWay());
    const up = cruise(engine, EAST, { from: 2200, to: 3000, speed: 10, interval: 10, start: T0, noise: 4 });
    const layover = stand(engine, 3000, 4, { start: up.end, seconds: 300, interval: 10, noise: 4 });
    const down = cruise(engine, WEST, { from: 10, to: 800, speed: 10, interval: 10, start: up.end + 300, noise: 4 });
    const all = [...up.events, ...layover.flatMap((u) => u.stationEvents), ...down.events].map(brief);
    expect(all).toEqual(['1:6:A', '1:6:D', '1:7:A', '1:7:D', '2:1:A', '2:1:D', '2:2:A', '2:2:D']);
    expect(layover.at(-1)!.snapshot.layover).toBe(true);
    expect(layover[0]!.snapshot.layover).toBe(false);
    const last = down.updates.at(-1)!.snapshot;
    expect(last.direction).toBe(2);
    expect(last.route).toMatchObject({ code: 'T1', dir: 2, sn: 2 });
  });

  it('still arrives at the terminal when it turned around between two reports', () => {
    const engine = engineWith(twoWay());
    const up = cruise(engine, EAST, { from: 2400, to: 2900, speed: 10, interval: 10, start: T0 });
    const t = up.end - 10;
    const turned = engine.update('bus', reportAt(2800, 8, t + 30, 36, 270))!;
    expect(turned.stationEvents.map(brief)).toEqual(['1:7:A', '1:7:D', '2:1:A', '2:1:D']);
    const times = turned.stationEvents.map((e) => e.eventTime);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThan(t);
    expect(times[3]).toBeLessThan(t + 30);
    expect(turned.snapshot.direction).toBe(2);
  });

  it('carries on after a silence, marking stations passed meanwhile as estimated', () => {
    const engine = engineWith(twoWay());
    const a = cruise(engine, EAST, { to: 600, speed: 10, interval: 10, start: T0 });
    // Fifteen minutes without a report (tunnel, device off), then seen 1.6 km further on.
    const back = engine.update('bus', reportAt(2200, 0, a.end + 900, 36, 90))!;
    expect(back.stationEvents.map(brief)).toEqual(['1:3:A', '1:3:D', '1:4:A', '1:4:D', '1:5:A', '1:5:D']);
    expect(back.stationEvents.every((e) => e.estimated)).toBe(true);
    expect(back.snapshot.route.sn).toBe(5);
  });

  it('ignores a report older than the last one (terminal resend)', () => {
    const engine = engineWith(twoWay());
    cruise(engine, EAST, { to: 1200, speed: 10, interval: 10, start: T0 });
    const before = engine.update('bus', reportAt(1210, 0, T0 + 121, 36, 90))!.snapshot.along;
    const stale = engine.update('bus', reportAt(600, 0, T0 + 60, 36, 90))!;
    expect(stale.stationEvents).toEqual([]);
    expect(stale.snapshot.along).toBe(before);
  });
});

describe('route deviation', () => {
  it('raises state bit 7 and warning 23 after sustained offset and clears with hysteresis', () => {
    const engine = engineWith(twoWay());
    const a = cruise(engine, EAST, { to: 900, speed: 10, interval: 10, start: T0 });
    const t = a.end;
    const off = [0, 1, 2, 3, 4].map((i) => engine.update('bus', reportAt(1000 + i * 100, 150, t + i * 10, 36, 90))!);
    expect(off.map((u) => u.deviation?.kind ?? null)).toEqual([null, null, 'start', null, null]);
    expect(off[2]!.state & StateMask.deviation).not.toBe(0);
    expect(off[2]!.warningMask).toBe(WarningMask.routeDeviation);
    expect(off[0]!.state & StateMask.deviation).toBe(0);
    const back = [0, 1, 2].map((i) => engine.update('bus', reportAt(1600 + i * 100, 2, t + 50 + i * 10, 36, 90))!);
    expect(back.map((u) => u.deviation?.kind ?? null)).toEqual([null, 'end', null]);
    expect(back[1]!.state & StateMask.deviation).toBe(0);
    expect(back[1]!.warningMask).toBe(0);
    // Stations passed off the route are not announced as visited.
    const events = [...off, ...back].flatMap((u) => u.stationEvents);
    expect(events.filter((e) => e.serial === 3 || e.serial === 4)).toEqual([]);
  });

  it('does not alarm for a bound bus that has not joined its route yet (depot)', () => {
    const engine = engineWith(twoWay());
    const depot = [0, 1, 2, 3, 4].map((i) => engine.update('bus', reportAt(-2000, 900, T0 + i * 10, 20, 90))!);
    expect(depot.every((u) => u.deviation === null && !u.snapshot.deviating && !u.snapshot.matched)).toBe(true);
  });

  it('does not alarm for a vehicle flagged out of service (state bit 9)', () => {
    const engine = engineWith(twoWay());
    const a = cruise(engine, EAST, { to: 900, speed: 10, interval: 10, start: T0 });
    const off = [0, 1, 2, 3].map(
      (i) => engine.update('bus', { ...reportAt(1000 + i * 100, 200, a.end + i * 10, 36, 0), state: 0b11 | (1 << 9) })!,
    );
    expect(off.every((u) => u.deviation === null && u.warningMask === 0)).toBe(true);
  });

  it('does not alarm on one multipath fix', () => {
    const engine = engineWith(twoWay());
    const a = cruise(engine, EAST, { to: 900, speed: 10, interval: 10, start: T0 });
    const spike = engine.update('bus', reportAt(1000, 120, a.end, 36, 90))!;
    const next = engine.update('bus', reportAt(1100, 0, a.end + 10, 36, 90))!;
    expect(spike.deviation).toBeNull();
    expect(next.deviation).toBeNull();
    expect(next.snapshot.deviating).toBe(false);
  });
});

describe('loop lines', () => {
  // One-way loop round a 500 m square: the origin and the terminal are the same stop.
  const SQUARE: [number, number][] = [
    [0, 0],
    [500, 0],
    [500, 500],
    [0, 500],
    [0, 0],
  ];
  const loop = lineOf('L1', 1, [directionOf(1, SQUARE, [0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000])]);

  it('completes a lap and starts the next without skipping or repeating stations', () => {
    const engine = engineWith(loop);
    const lap1 = cruise(engine, SQUARE, { to: 2000, speed: 10, interval: 10, start: T0, noise: 5 });
    const lap2 = cruise(engine, SQUARE, { from: 10, to: 1100, speed: 10, interval: 10, start: lap1.end + 5, noise: 5 });
    const arrivals = [...lap1.events, ...lap2.events].filter((e) => e.flag === 1).map((e) => e.serial);
    expect(arrivals).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5]);
    expect(lap1.updates[0]!.snapshot.along).toBeLessThan(20);
  });
});

describe('ETA', () => {
  it('learns segment times from vehicles ahead and predicts the terminal closer', () => {
    const engine = new RouteProgressEngine();
    const line = twoWay();
    engine.setLine(line);
    const errors: number[] = [];
    for (let i = 0; i < 6; i++) {
      const id = 'bus';
      engine.unbind(id);
      engine.bind(id, 'T1');
      const start = T0 + i * 1000;
      const { updates } = cruise(engine, EAST, { to: 3000, speed: 10, interval: 10, start, seed: i + 1 });
      // Prediction made at 600 m, for the arrival at the terminal (anchor 10 m before it).
      const at600 = updates[6]!.snapshot;
      errors.push(Math.abs(at600.etaTerminal - (start + 299)));
    }
    expect(errors[0]).toBeGreaterThan(60);
    expect(errors.at(-1)!).toBeLessThan(15);
    const learned = engine.segmentTimes('T1')!;
    expect(learned.directions[0]!.seconds[2]).toBeGreaterThan(45);
    expect(learned.directions[0]!.seconds[2]).toBeLessThan(60);
  });
});
