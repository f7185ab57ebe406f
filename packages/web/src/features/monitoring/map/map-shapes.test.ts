import type { OwnLine } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { labelOncePerStop, mapShapes } from './map-shapes';

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

  it('names a stop once where both directions and other lines stop, and keeps every dot', () => {
    const at = (key: string, name: string, lat: number, lng: number) => ({ key, name, lat, lng });
    const stations = labelOncePerStop([
      at('S40:1:3', 'RICHMOND TERR/NORTH BURGHER AV', 40.6414, -74.1021),
      at('S40:2:41', 'RICHMOND TERR/NORTH BURGHER AV', 40.6417, -74.1018),
      at('S44:1:7', 'RICHMOND TERR/NORTH BURGHER AV', 40.6415, -74.1023),
      at('S40:1:4', 'RICHMOND TERR/BROADWAY', 40.6425, -74.0995),
      // The same name across town is another place: named again.
      at('S59:1:2', 'RICHMOND TERR/NORTH BURGHER AV', 40.62, -74.15),
    ]);
    expect(stations.map((s) => [s.key, s.labelled])).toEqual([
      ['S40:1:3', true],
      ['S40:2:41', false],
      ['S44:1:7', false],
      ['S40:1:4', true],
      ['S59:1:2', true],
    ]);
  });
});
