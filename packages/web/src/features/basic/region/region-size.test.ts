import { describe, expect, it } from 'vitest';
import { formatCentre, regionSize } from './region-size';

describe('a region’s size summary', () => {
  it('gives a circle its radius, in km above 1000 m with 2 decimals', () => {
    expect(regionSize(1, '40.7,-74,300')).toEqual({ key: 'radius', values: { length: '300 m' } });
    expect(regionSize(1, '40.7,-74,1500')).toEqual({ key: 'radius', values: { length: '1.50 km' } });
    expect(regionSize(1, '40.7,-74')).toEqual({ key: 'radius', values: { length: '100 m' } });
  });

  it('counts a polygon’s corners without the closing point', () => {
    expect(regionSize(3, '40.6,-74.1|40.61,-74.1|40.61,-74.11|40.6,-74.1')).toEqual({
      key: 'points',
      values: { count: 3 },
    });
  });

  it('measures a path along its points and a rectangle by its sides', () => {
    // 0.01° of latitude is about 1113 m on the spec's sphere.
    expect(regionSize(4, '40.6,-74|40.61,-74|40.62,-74')).toEqual({ key: 'length', values: { length: '2.23 km' } });
    expect(regionSize(2, '40.6,-74|40.601,-73.99')).toEqual({
      key: 'rectangle',
      values: { width: '845 m', height: '111 m' },
    });
  });

  it('has nothing to say of a POI or of points that do not read', () => {
    expect(regionSize(0, '40.6,-74')).toBeNull();
    expect(regionSize(3, '40.6,-74')).toBeNull();
  });

  it('writes the centre with 6 decimals', () => {
    expect(formatCentre(40.7, -74.123456789)).toBe('40.700000, -74.123457');
  });
});
