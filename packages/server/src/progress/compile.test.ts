import { describe, expect, it } from 'vitest';
import { lineFromPlan, lineFromRows, parseSpecPath } from './adapter.ts';
import { compileLine } from './compile.ts';
import { DEFAULT_OPTIONS } from './options.ts';
import { directionOf, lineOf } from './testing/synthetic.ts';

describe('compileLine', () => {
  it('shrinks station zones between close stops so events keep serial order', () => {
    const line = compileLine(
      lineOf('Z', 0, [
        directionOf(
          1,
          [
            [0, 0],
            [1000, 0],
          ],
          [0, 400, 420, 1000],
        ),
      ]),
      DEFAULT_OPTIONS,
    );
    const thr = [...line.directions[0]!.thresholds];
    // The path is 1000 m in the plane; its great-circle length differs by centimetres, hence the rounding.
    expect(thr.map(Math.round)).toEqual([-30, 30, 370, 410, 410, 450, 970, 1030]);
    for (let i = 1; i < thr.length; i++) expect(thr[i]!).toBeGreaterThanOrEqual(thr[i - 1]!);
    expect(line.directions[0]!.length).toBeCloseTo(1000, 0);
  });

  it('indexes every segment in the grid', () => {
    const line = compileLine(
      lineOf('G', 1, [
        directionOf(
          1,
          [
            [0, 0],
            [800, 0],
            [800, 800],
            [0, 0],
          ],
          [0, 800, 1600],
        ),
      ]),
      DEFAULT_OPTIONS,
    );
    const g = line.directions[0]!.grid;
    expect(new Set(g.items).size).toBe(3);
    expect(line.directions[0]!.successor).toBe(0);
  });
});

describe('lineFromPlan', () => {
  it('turns the importer plan (lat,lng path string) into [lng, lat] geometry', () => {
    expect(parseSpecPath('40.600000,-74.100000|40.601000,-74.099000')).toEqual([
      [-74.1, 40.6],
      [-74.099, 40.601],
    ]);
    const g = lineFromPlan({
      routeCode: 'S40',
      routeName: 'South Ave',
      category: 0,
      directions: [
        {
          direction: 1,
          path: '40.6,-74.1|40.61,-74.1',
          stations: [{ serial: 1, stationName: 'A', distance: 0, duration: 0, lng: -74.1, lat: 40.6 }],
        },
      ],
    });
    expect(g.directions[0]!.stations[0]).toEqual({
      serial: 1,
      name: 'A',
      distance: 0,
      lng: -74.1,
      lat: 40.6,
      duration: 0,
    });
  });

  it('reads stored rows (line_paths, line_stations) in serial order per direction', () => {
    const g = lineFromRows({
      line: { route_code: 'S40', route_name: 'South Ave', category: 0 },
      paths: [
        { direction: 2, path: '40.61,-74.1|40.6,-74.1' },
        { direction: 1, path: '40.6,-74.1|40.61,-74.1' },
      ],
      stations: [
        { direction: 1, serial: 2, station_name: 'B', distance: 1100, duration: 120, lng: -74.1, lat: 40.61 },
        { direction: 1, serial: 1, station_name: 'A', distance: 0, duration: 0, lng: -74.1, lat: 40.6 },
        { direction: 2, serial: 1, station_name: 'B', distance: 0, duration: null, lng: -74.1, lat: 40.61 },
      ],
    });
    expect(g.directions.map((d) => d.direction)).toEqual([1, 2]);
    expect(g.directions[0]!.stations.map((s) => s.name)).toEqual(['A', 'B']);
    expect(g.directions[1]!.stations[0]).not.toHaveProperty('duration');
  });
});
