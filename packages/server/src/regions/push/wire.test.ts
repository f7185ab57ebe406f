import { AreaAttributeMask, RouteSegmentAttributeMask } from '@headway/spec';
import { describe, expect, it } from 'vitest';
import { terminalAreaOf } from './area-report.ts';
import { deleteMessageOf, type PushableRegion, setMessageOf } from './wire.ts';

const region = (over: Partial<PushableRegion>): PushableRegion => ({
  id: 42,
  region_name: 'Depot',
  region_type: 3,
  region_point: '',
  region_option: '{}',
  ...over,
});

describe('region → terminal message', () => {
  it('sends a western rectangle as magnitudes with the west bit, top-left to bottom-right', () => {
    const m = setMessageOf(region({ region_type: 2, region_point: '40.63,-74.06|40.65,-74.08' }));
    expect(m).toEqual({
      msgId: 0x8602,
      body: {
        action: 1,
        areas: [
          {
            id: 42,
            attr: AreaAttributeMask.west,
            topLat: 40.65,
            leftLng: 74.08,
            bottomLat: 40.63,
            rightLng: 74.06,
            name: 'Depot',
          },
        ],
      },
    });
  });

  it('sends a path as a route with one segment per leg, full width from the half-width and a speed limit', () => {
    const m = setMessageOf(
      region({
        region_type: 4,
        region_point: '22.5,114.0|22.6,114.1|22.7,114.2',
        region_option: '{"width": 30, "max_speed": 40}',
      }),
    );
    if (m.msgId !== 0x8606) throw new Error('expected 0x8606');
    expect(m.body.points.map((p) => [p.pointId, p.segmentId, p.width, p.segAttr, p.maxSpeed])).toEqual([
      [1, 1, 60, RouteSegmentAttributeMask.speedLimit, 40],
      [2, 2, 60, RouteSegmentAttributeMask.speedLimit, 40],
      [3, 2, 60, RouteSegmentAttributeMask.speedLimit, 40],
    ]);
  });

  it('uses the default radius and path width, and deletes with the kind of the region', () => {
    const circle = setMessageOf(region({ region_type: 1, region_point: '22.5,114.0' }));
    expect(circle.msgId === 0x8600 && circle.body.areas[0]?.radius).toBe(100);
    const path = setMessageOf(region({ region_type: 4, region_point: '22.5,114.0|22.6,114.1' }));
    expect(path.msgId === 0x8606 && path.body.points[0]?.width).toBe(100);
    expect(deleteMessageOf({ id: 42, region_type: 4 })).toEqual({ msgId: 0x8607, body: { ids: [42] } });
  });

  it('refuses a POI, too few points, bad numbers and a shape across the equator with 1004', () => {
    const code = (r: PushableRegion) => {
      try {
        setMessageOf(r);
        return 0;
      } catch (error) {
        return (error as { code?: number }).code;
      }
    };
    expect(code(region({ region_type: 0, region_point: '22.5,114.0' }))).toBe(1004);
    expect(code(region({ region_point: '22.5,114.0|22.6,114.1' }))).toBe(1004);
    expect(code(region({ region_point: '22.5,abc|22.6,114.1|22.7,114' }))).toBe(1004);
    expect(code(region({ region_point: '1,10|-1,10|-1,11' }))).toBe(1004);
  });
});

describe("the terminal's area items in real_data", () => {
  it('reads repeated 0x12 items, 0x11 without an area and 0x13, and nothing from other items', () => {
    expect(
      terminalAreaOf({
        '0x12': [
          { areaType: 1, areaId: 5, direction: 0 },
          { areaType: 4, areaId: 6, direction: 1 },
        ],
        '0x11': { areaType: 0 },
        '0x13': { routeId: 6, driveTime: 95, result: 1 },
      }),
    ).toEqual({
      io: [
        { type: 1, id: 5, dir: 0 },
        { type: 4, id: 6, dir: 1 },
      ],
      speed: { type: 0 },
      time: { id: 6, sec: 95, res: 1 },
    });
    expect(terminalAreaOf({ satellites: 9, '0x12': { raw: '0102' } })).toBeUndefined();
  });
});
