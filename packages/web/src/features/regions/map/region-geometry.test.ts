import { parseRegionPoint } from '@headway/spec';
import Circle from 'ol/geom/Circle';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import { describe, expect, it } from 'vitest';
import { fromView, toView } from '../../../map/coords';
import { geometryRegionPoint, regionGeometry } from './region-geometry';

const project = (lng: number, lat: number) => toView('wgs84', lng, lat);
const unproject = (x: number, y: number) => fromView('wgs84', x, y);

describe('region geometry on the map', () => {
  it.each([
    [0, '40.58,-74.15'],
    [1, '40.58,-74.15,250'],
    [2, '40.57,-74.16|40.59,-74.14'],
    [3, '40.57,-74.16|40.58,-74.14|40.59,-74.155'],
    [4, '40.57,-74.16|40.58,-74.14|40.59,-74.155'],
  ] as const)('draws type %i and reads it back unchanged', (type, text) => {
    const geometry = regionGeometry(type, text, project);
    expect(geometry).not.toBeNull();
    expect(geometryRegionPoint(type, geometry!, unproject)).toBe(text);
  });

  it('sizes a circle in ground metres, not Mercator units', () => {
    const circle = regionGeometry(1, '60,10,1000', project) as Circle;
    // At 60° a Mercator unit is half a metre on the ground: the view radius is twice the metres.
    expect(circle.getRadius()).toBeCloseTo(2000, -1);
  });

  it('has nothing to save for a click, a line of one point or the wrong kind of geometry', () => {
    const at = project(-74.15, 40.58);
    expect(geometryRegionPoint(1, new Circle(at, 0), unproject)).toBeNull();
    expect(geometryRegionPoint(3, new Polygon([[at, at, at, at]]), unproject)).toBeNull();
    expect(geometryRegionPoint(4, new LineString([at, at]), unproject)).toBeNull();
    expect(geometryRegionPoint(3, new Point(at), unproject)).toBeNull();
    expect(regionGeometry(3, 'nonsense', project)).toBeNull();
  });

  it('rounds to the six decimals of the spec', () => {
    const text = geometryRegionPoint(0, new Point(project(-74.1234567891, 40.9876543219)), unproject);
    expect(text).toBe('40.987654,-74.123457');
    expect(parseRegionPoint(0, text!).ok).toBe(true);
  });
});
