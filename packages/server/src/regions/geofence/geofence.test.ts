import { REGION_DEFAULT_PATH_WIDTH_M } from '@headway/spec';
import { describe, expect, it } from 'vitest';
import { type DepotLookup, TerminusDepots } from '../../alarms/detection/depots.ts';
import { Fence, type FenceEvent, type FenceSource, GeofenceIndex } from './index.ts';
import { ParkingDepots } from './parking-depots.ts';
import { makeRng, ORIGIN, offset } from './testing/places.ts';

// The geofence on its own: hysteresis against GPS noise at a border, each shape, corridors, dwell, depots.

const COMPANY = 3;
const BUS = '013800000001';
const T0 = 1_790_000_000;

function region(id: number, type: number, points: [number, number][], extra: Partial<FenceSource> = {}): FenceSource {
  const text = points.map(([dx, dy]) => offset(dx, dy).join(',')).join('|');
  return {
    id,
    region_name: `R${id}`,
    region_type: type,
    use_type: 0,
    region_point: text,
    region_option: '{}',
    ...extra,
  };
}

/** A square polygon 500 m a side centred on the origin. */
const square = region(1, 3, [
  [-250, -250],
  [250, -250],
  [250, 250],
  [-250, 250],
]);

/** Drives x from `from` to `to` metres east at y, one report a second 10 m apart, with uniform ±noise. */
function drive(
  index: GeofenceIndex,
  opts: { from: number; to: number; y?: number; noise?: number; seed?: number; t0?: number; step?: number },
): FenceEvent[] {
  const rng = makeRng(opts.seed ?? 1);
  const noise = opts.noise ?? 0;
  const step = opts.step ?? 10;
  const events: FenceEvent[] = [];
  let t = opts.t0 ?? T0;
  const dir = opts.to >= opts.from ? 1 : -1;
  for (let x = opts.from; dir * (opts.to - x) >= 0; x += dir * step) {
    const [lat, lng] = offset(x + (rng() * 2 - 1) * noise, (opts.y ?? 0) + (rng() * 2 - 1) * noise);
    events.push(...index.test(COMPANY, BUS, lat, lng, t++));
  }
  return events;
}

describe('geofence hysteresis', () => {
  it('a bus driven through a polygon with ±15 m noise enters once and leaves once', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const index = new GeofenceIndex();
      index.load(COMPANY, [square]);
      const events = drive(index, { from: -600, to: 600, noise: 15, seed, step: 5 });
      expect(events.map((e) => e.kind)).toEqual(['enter', 'exit']);
    }
  });

  it('a bus standing on the border with ±15 m noise makes at most one event, never an exit', () => {
    const index = new GeofenceIndex();
    index.load(COMPANY, [square]);
    const rng = makeRng(7);
    const events: FenceEvent[] = [];
    for (let i = 0; i < 2000; i++) {
      const [lat, lng] = offset(-250 + (rng() * 2 - 1) * 15, (rng() * 2 - 1) * 15);
      events.push(...index.test(COMPANY, BUS, lat, lng, T0 + i));
    }
    expect(events.length).toBeLessThanOrEqual(1);
    expect(events.filter((e) => e.kind === 'exit')).toHaveLength(0);
  });

  it('one wild fix inside neither enters nor, once in, leaves', () => {
    const index = new GeofenceIndex();
    index.load(COMPANY, [square]);
    expect(index.test(COMPANY, BUS, ...offset(-400, 0), T0)).toHaveLength(0);
    expect(index.test(COMPANY, BUS, ...offset(0, 0), T0 + 1)).toHaveLength(0);
    expect(index.test(COMPANY, BUS, ...offset(-400, 0), T0 + 2)).toHaveLength(0);
    expect(drive(index, { from: 0, to: 0, t0: T0 + 3 })).toHaveLength(0);
    expect(drive(index, { from: 0, to: 0, t0: T0 + 4 }).map((e) => e.kind)).toEqual(['enter']);
    expect(index.test(COMPANY, BUS, ...offset(-400, 0), T0 + 5)).toHaveLength(0);
    expect(index.test(COMPANY, BUS, ...offset(0, 0), T0 + 6)).toHaveLength(0);
  });
});

describe('geofence shapes', () => {
  it('circles: enter and exit with the visit times and dwell', () => {
    const index = new GeofenceIndex();
    const [lat, lng] = ORIGIN;
    index.load(COMPANY, [
      { ...region(2, 1, [[0, 0]]), region_point: `${lat},${lng},155` },
      { ...region(9, 0, [[0, 0]]), region_name: 'a POI does not fence' },
    ]);
    const events = drive(index, { from: -400, to: 400 });
    expect(events.map((e) => [e.kind, e.fence.id])).toEqual([
      ['enter', 2],
      ['exit', 2],
    ]);
    const [enter, exit] = events as [FenceEvent, FenceEvent];
    // 10 m a second: in from x = -140 (≥ 10 m inside), out from x = 180 (≥ 20 m outside).
    expect(enter.time).toBe(T0 + 26);
    expect(exit.enterTime).toBe(enter.time);
    expect(exit.time).toBe(T0 + 58);
    expect(exit.dwellSeconds).toBe(32);
  });

  it('rectangles from their two corners', () => {
    const index = new GeofenceIndex();
    index.load(COMPANY, [
      region(3, 2, [
        [-100, -50],
        [100, 50],
      ]),
    ]);
    expect(drive(index, { from: -300, to: 300 }).map((e) => e.kind)).toEqual(['enter', 'exit']);
    expect(drive(index, { from: -300, to: 300, y: 80, t0: T0 + 100 })).toHaveLength(0);
  });

  it('a region deleted while a vehicle is in it ends quietly; a reload keeps visits of the regions that remain', () => {
    const index = new GeofenceIndex();
    index.load(COMPANY, [square, region(4, 1, [[0, 0]])]);
    expect(drive(index, { from: 0, to: 10 }).map((e) => e.kind)).toEqual(['enter', 'enter']);
    index.load(COMPANY, [square]);
    expect(drive(index, { from: 20, to: 40, t0: T0 + 10 })).toHaveLength(0);
    expect(drive(index, { from: 300, to: 320, t0: T0 + 20 }).map((e) => [e.kind, e.fence.id])).toEqual([['exit', 1]]);
  });

  it('a visit longer than overstay_minutes raises one overstay, then ends as usual', () => {
    const index = new GeofenceIndex();
    index.load(COMPANY, [{ ...square, region_option: '{"overstay_minutes": 2}' }]);
    expect(drive(index, { from: 0, to: 10 }).map((e) => e.kind)).toEqual(['enter']);
    // Standing still inside, one report a second: the limit passes at 120 s after the confirmed entry.
    const parked = drive(index, { from: 0, to: 0, t0: T0 + 2 });
    expect(parked).toHaveLength(0);
    const events: FenceEvent[] = [];
    for (let t = T0 + 3; t < T0 + 300; t++) events.push(...drive(index, { from: 0, to: 0, t0: t, noise: 15, seed: t }));
    expect(events.map((e) => e.kind)).toEqual(['overstay']);
    expect(events[0]).toMatchObject({ time: T0 + 120, enterTime: T0, dwellSeconds: 120 });
    expect(drive(index, { from: 300, to: 320, t0: T0 + 400 }).map((e) => [e.kind, e.dwellSeconds])).toEqual([
      ['exit', 400],
    ]);
  });

  it('a restored visit already past its limit does not raise its overstay again; one short of it does', () => {
    const index = new GeofenceIndex();
    index.load(COMPANY, [
      { ...square, region_option: '{"overstay_minutes": "1"}' },
      { ...square, id: 7 },
    ]);
    index.restoreInside(COMPANY, BUS, 1, T0 - 600, T0);
    expect(drive(index, { from: 0, to: 0, t0: T0 + 10 })).toHaveLength(0);
    const late = new GeofenceIndex();
    late.load(COMPANY, [{ ...square, region_option: '{"overstay_minutes": 1}' }]);
    late.restoreInside(COMPANY, BUS, 1, T0 - 30, T0);
    expect(drive(late, { from: 0, to: 0, t0: T0 + 29 })).toHaveLength(0);
    expect(drive(late, { from: 0, to: 0, t0: T0 + 30 }).map((e) => e.kind)).toEqual(['overstay']);
    expect(Fence.of({ ...square, region_option: '{"overstay_minutes": -5}' })?.overstaySeconds).toBe(0);
    expect(Fence.of({ ...square, region_option: '[1]' })?.overstaySeconds).toBe(0);
  });

  it('unreadable shapes and POIs are not fenced', () => {
    expect(Fence.of(region(5, 0, [[0, 0]]))).toBeUndefined();
    expect(Fence.of({ ...square, region_point: 'nonsense' })).toBeUndefined();
    expect(Fence.of({ ...square, region_type: 9 })).toBeUndefined();
  });
});

describe('path corridors', () => {
  const path = (option = '{"width":35}') =>
    region(
      6,
      4,
      [
        [0, 0],
        [1000, 0],
        [1000, 1000],
      ],
      { region_option: option },
    );

  it('leaving the corridor along the way is a deviation', () => {
    const index = new GeofenceIndex();
    index.load(COMPANY, [path()]);
    const events = drive(index, { from: 0, to: 500 });
    expect(events.map((e) => e.kind)).toEqual(['enter']);
    // Veers north off the line at x = 500.
    const rng = makeRng(3);
    for (let y = 0; y <= 200; y += 10) {
      const [lat, lng] = offset(500 + (rng() * 2 - 1) * 5, y);
      events.push(...index.test(COMPANY, BUS, lat, lng, T0 + 100 + y / 10));
    }
    expect(events.map((e) => e.kind)).toEqual(['enter', 'deviation']);
    // 35 m half-width + 20 m margin: out from y = 60, confirmed at 70.
    expect(events[1]?.time).toBe(T0 + 106);
  });

  it('leaving at an end is an exit; the default width applies without an option', () => {
    const index = new GeofenceIndex();
    index.load(COMPANY, [path()]);
    expect(drive(index, { from: 400, to: -200 }).map((e) => e.kind)).toEqual(['enter', 'exit']);
    const fence = Fence.of(path('{}')) as Fence;
    expect(fence.halfWidth).toBe(REGION_DEFAULT_PATH_WIDTH_M);
    expect(fence.depth(...offset(500, 20))).toBeCloseTo(REGION_DEFAULT_PATH_WIDTH_M - 20, 0);
  });
});

describe('parking regions as depots', () => {
  const termini: DepotLookup = new TerminusDepots(() => undefined);

  it('a vehicle in a parking region is at a depot; elsewhere the termini decide', () => {
    const index = new GeofenceIndex();
    const depots = new ParkingDepots(index, termini);
    expect(depots.judge(COMPANY, 'L1', ...offset(0, 0), 200)).toBe('unknown');
    index.load(COMPANY, [{ ...square, use_type: 1 }]);
    expect(depots.judge(COMPANY, 'L1', ...offset(0, 0), 200)).toBe('depot');
    // The company drew its depots: away from them a vehicle with no line is outside.
    expect(depots.judge(COMPANY, null, ...offset(900, 0), 200)).toBe('outside');
    index.load(COMPANY, [square]);
    expect(depots.judge(COMPANY, null, ...offset(0, 0), 200)).toBe('unknown');
  });
});
