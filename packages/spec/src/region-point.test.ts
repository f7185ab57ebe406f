import { describe, expect, it } from 'vitest';
import { formatRegionPoint, parseRegionPoint, type RegionShape, regionCentre } from './region-point.ts';
import { parseCoordinateSearch, REGION_DEFAULT_RADIUS_M, regionCircleZoom } from './region-rules.ts';

function shapeOf(type: number, text: string): RegionShape {
  const parsed = parseRegionPoint(type, text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.shape;
}

function reasonOf(type: number, text: string): string {
  const parsed = parseRegionPoint(type, text);
  if (parsed.ok) throw new Error(`accepted ${text}`);
  return parsed.reason;
}

describe('region_point geometry', () => {
  it('reads a point of interest as one point, its own centre', () => {
    const shape = shapeOf(0, ' 13.75 , 100.5 ');
    expect(shape).toEqual({ type: 0, points: [{ lat: 13.75, lng: 100.5 }] });
    expect(regionCentre(shape)).toEqual({ lat: 13.75, lng: 100.5 });
    expect(reasonOf(0, '13.75,100.5|13.76,100.6')).toMatch(/one lat,lng/);
  });

  it('gives a circle without a radius the default one, and refuses a radius of 0 or below', () => {
    expect(shapeOf(1, '13.75,100.5')).toEqual({
      type: 1,
      points: [{ lat: 13.75, lng: 100.5 }],
      radius: REGION_DEFAULT_RADIUS_M,
    });
    const withRadius = shapeOf(1, '13.75,100.5,250.5');
    expect(withRadius).toMatchObject({ radius: 250.5 });
    expect(formatRegionPoint(withRadius)).toBe('13.75,100.5,250.5');
    expect(formatRegionPoint(shapeOf(1, '1,2'))).toBe(`1,2,${REGION_DEFAULT_RADIUS_M}`);
    expect(reasonOf(1, '13.75,100.5,0')).toMatch(/radius/);
    expect(reasonOf(1, '13.75,100.5,-5')).toMatch(/radius/);
    expect(reasonOf(1, '13.75,100.5,abc')).toMatch(/radius/);
    // Only a circle carries a third number.
    expect(reasonOf(0, '13.75,100.5,10')).toMatch(/expected lat,lng/);
  });

  it('normalises a rectangle to south-west then north-east, and centres it', () => {
    const shape = shapeOf(2, '13.8,100.6|13.7,100.5');
    expect(formatRegionPoint(shape)).toBe('13.7,100.5|13.8,100.6');
    const centre = regionCentre(shape);
    expect(centre.lat).toBeCloseTo(13.75, 10);
    expect(centre.lng).toBeCloseTo(100.55, 10);
    expect(reasonOf(2, '13.7,100.5')).toMatch(/two corners/);
    expect(reasonOf(2, '13.7,100.5|13.7,100.6')).toMatch(/no area/);
  });

  it('drops a polygon’s closing point and centres it on its area', () => {
    const shape = shapeOf(3, '0,0|0,2|2,2|2,0|0,0');
    expect(shape.points).toHaveLength(4);
    expect(formatRegionPoint(shape)).toBe('0,0|0,2|2,2|2,0');
    const centre = regionCentre(shape);
    expect(centre.lat).toBeCloseTo(1, 10);
    expect(centre.lng).toBeCloseTo(1, 10);
    expect(reasonOf(3, '0,0|0,1|0,0')).toMatch(/at least 3/);
    expect(reasonOf(3, '0,0|1,1|2,2')).toMatch(/no area/);
  });

  it('takes a path of two or more points', () => {
    const shape = shapeOf(4, '13.7,100.5|13.8,100.6|13.9,100.5');
    expect(shape.points).toHaveLength(3);
    expect(regionCentre(shape)).toEqual({ lat: 13.8, lng: 100.55 });
    expect(reasonOf(4, '13.7,100.5')).toMatch(/at least 2/);
    expect(reasonOf(4, '13.7,100.5|13.7,100.5')).toMatch(/no length/);
  });

  it('refuses what is not a coordinate', () => {
    expect(reasonOf(3, '')).toMatch(/no shape/);
    expect(reasonOf(3, '   ')).toMatch(/no shape/);
    expect(reasonOf(3, '0,0|0,1|Infinity,1')).toMatch(/point 3: not a number/);
    expect(reasonOf(3, '0,0|0,1|NaN,1')).toMatch(/not a number/);
    expect(reasonOf(3, '0,0|0,1|0x10,1')).toMatch(/not a number/);
    expect(reasonOf(3, '0,0|0,1|,1')).toMatch(/not a number/);
    expect(reasonOf(0, '91,100')).toMatch(/latitude/);
    expect(reasonOf(0, '-90.5,100')).toMatch(/latitude/);
    expect(reasonOf(0, '10,180.01')).toMatch(/longitude/);
    expect(reasonOf(4, '1,2|3')).toMatch(/point 2: expected lat,lng/);
    expect(reasonOf(7, '1,2')).toMatch(/unknown region type/);
    expect(shapeOf(0, '90,-180').points[0]).toEqual({ lat: 90, lng: -180 });
    expect(shapeOf(0, '-1e1,+.5').points[0]).toEqual({ lat: -10, lng: 0.5 });
  });
});

describe('fence selector helpers', () => {
  it('frames circles by halving radii, finer in the selector', () => {
    expect(regionCircleZoom(2_000_000)).toBe(3);
    expect(regionCircleZoom(960_000)).toBe(3);
    expect(regionCircleZoom(959_999)).toBe(4);
    expect(regionCircleZoom(1_000)).toBe(13);
    expect(regionCircleZoom(999)).toBe(14);
    expect(regionCircleZoom(100)).toBe(14);
    expect(regionCircleZoom(100, true)).toBe(16);
    expect(regionCircleZoom(30, true)).toBe(20);
    expect(regionCircleZoom(5_000, true)).toBe(11);
  });

  it('reads lat,lng in range and ignores anything else', () => {
    expect(parseCoordinateSearch(' 40.58 , -74.15 ')).toEqual({ lat: 40.58, lng: -74.15 });
    expect(parseCoordinateSearch('90,180')).toEqual({ lat: 90, lng: 180 });
    for (const bad of ['', '40.5', '91,0', '0,181', 'a,b', '1,2,3', 'Infinity,0', '0x1,2', '1e1,2', ',']) {
      expect(parseCoordinateSearch(bad)).toBeNull();
    }
  });
});
