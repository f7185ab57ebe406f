import type { OwnLine } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { mapShapes } from './map-shapes';

const main = { strokeColor: '#006CB7', strokeWeight: 3, strokeOpacity: 0.5 };
const faint = { strokeColor: '#006CB7', strokeWeight: 2, strokeOpacity: 0.3 };

describe('map shapes of the lines', () => {
  it('draws each direction’s variants under its main path, in their own fainter style', () => {
    const lines: OwnLine[] = [
      {
        route_id: 6,
        route_code: 'S51',
        route_name: 'S51',
        category: 0,
        directions: [
          {
            direction: 1,
            origin: 'A',
            terminal: 'B',
            path: '40.6,-74.1|40.61,-74.1',
            style: main,
            stations: [{ id: 1, serial: 1, station_name: 'A', distance: 0, lat: 40.6, lng: -74.1 }],
            variants: [{ shape_id: 'S510120', trips: 98, path: '40.6,-74.1|40.605,-74.09|40.61,-74.1', style: faint }],
          },
          { direction: 2, origin: 'B', terminal: 'A', path: '40.61,-74.1|40.6,-74.1', style: main, stations: [] },
        ],
      },
    ];
    const { paths, stations } = mapShapes(lines);
    expect(paths.map((p) => [p.key, p.style?.strokeWeight])).toEqual([
      ['6:1:S510120', 2],
      ['6:1', 3],
      ['6:2', 3],
    ]);
    expect(stations.map((s) => s.key)).toEqual(['6:1:1']);
  });
});
