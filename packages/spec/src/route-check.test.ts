import { describe, expect, it } from 'vitest';
import {
  bearing,
  distanceMetres,
  formatPathText,
  type PathPoint,
  parsePathText,
  pathLength,
  placeStations,
} from './line-geometry.ts';
import { averageStationKm } from './line-rules.ts';
import { type CheckedDirection, checkDirection, checkRoute } from './route-check.ts';

// A straight street running east along the equator: 0.001° of longitude is 111.32 m there.
const EAST: PathPoint[] = [
  [0, 100],
  [0, 100.01],
];

function direction(overrides: Partial<CheckedDirection> = {}): CheckedDirection {
  const points: PathPoint[] = [
    [0, 100],
    [0, 100.005],
    [0, 100.01],
  ];
  const placed = placeStations(EAST, points);
  const distance = placed.at(-1)!.distance;
  return {
    direction: 1,
    distance,
    avg_station_km: averageStationKm(distance, 3),
    path: EAST,
    stations: points.map(([lat, lng], i) => ({ lat, lng, distance: placed[i]!.distance })),
    ...overrides,
  };
}

describe('line geometry', () => {
  it('measures and heads along the sphere', () => {
    expect(distanceMetres([0, 100], [0, 100.01])).toBeCloseTo(1113.2, 1);
    expect(bearing([0, 100], [0, 101])).toBe(90);
    expect(bearing([0, 100], [1, 100])).toBe(0);
    expect(bearing([1, 100], [0, 100])).toBe(180);
    expect(bearing([0, 101], [0, 100])).toBe(270);
    expect(pathLength(EAST)).toBe(1113);
  });

  it('places stations along the path with their mileage and the heading there', () => {
    const path: PathPoint[] = [
      [0, 100],
      [0, 100.01],
      [0.01, 100.01],
    ];
    const placed = placeStations(path, [
      [0.0001, 100],
      [0, 100.005],
      [0.005, 100.0101],
    ]);
    expect(placed.map((p) => p.distance)).toEqual([0, 557, 1670]);
    expect(placed.map((p) => p.azimuth)).toEqual([90, 90, 0]);
    expect(placed[0]!.offset).toBeCloseTo(11.1, 0);
  });

  it('keeps a loop terminal at the end of the loop, not at the start it shares', () => {
    const loop: PathPoint[] = [
      [0, 100],
      [0, 100.01],
      [0.01, 100.01],
      [0.01, 100],
      [0, 100],
    ];
    const placed = placeStations(loop, [
      [0, 100],
      [0, 100.01],
      [0, 100],
    ]);
    expect(placed[2]!.distance).toBe(pathLength(loop));
  });

  it('reads and writes the spec path text with 6 decimals', () => {
    expect(parsePathText('13.7563,100.5018|13.75,100.51')).toEqual([
      [13.7563, 100.5018],
      [13.75, 100.51],
    ]);
    expect(parsePathText('13.7,100|bad')).toBeNull();
    expect(parsePathText('')).toEqual([]);
    expect(formatPathText([[13.123456789, 100.1]])).toBe('13.123457,100.1');
  });
});

describe('route check (spec section 5, failures 1–7)', () => {
  it('passes a well-formed direction', () => {
    expect(checkDirection(direction())).toEqual([]);
  });

  it('1 empty', () => {
    expect(checkDirection(direction({ path: [], stations: [] }))).toEqual([{ code: 1, direction: 1 }]);
    expect(checkRoute(0, [])).toEqual([{ code: 1 }]);
  });

  it('2 incomplete: a two-way line needs both directions, a one-way loop only up', () => {
    expect(checkRoute(0, [direction()])).toEqual([{ code: 2, direction: 2 }]);
    expect(checkRoute(2, [direction()])).toEqual([{ code: 2, direction: 2 }]);
    expect(checkRoute(1, [direction()])).toEqual([]);
  });

  it('3 fewer than 2 stations', () => {
    const d = direction();
    const one = { ...d, stations: d.stations.slice(0, 1), distance: 0, avg_station_km: 0 };
    expect(checkDirection(one).map((f) => f.code)).toEqual([3]);
  });

  it('4 total mileage error', () => {
    expect(checkDirection(direction({ distance: 1200 })).map((f) => f.code)).toContain(4);
  });

  it('5 station distance error: mileage must accumulate', () => {
    const d = direction();
    const stations = d.stations.map((s, i) => (i === 2 ? { ...s, distance: 100 } : s));
    const failures = checkDirection({ ...d, stations, distance: 557, avg_station_km: averageStationKm(557, 3) });
    expect(failures).toContainEqual({ code: 5, direction: 1, serial: 3 });
  });

  it('6 direction point error: a path of one point, or a station far from the path', () => {
    expect(checkDirection(direction({ path: [[0, 100]] })).map((f) => f.code)).toContain(6);
    const d = direction();
    const stations = d.stations.map((s, i) => (i === 1 ? { ...s, lat: 0.01 } : s));
    expect(checkDirection({ ...d, stations })).toContainEqual({ code: 6, direction: 1, serial: 2 });
  });

  it('7 average distance error', () => {
    expect(checkDirection(direction({ avg_station_km: 0.9 })).map((f) => f.code)).toEqual([7]);
  });
});
