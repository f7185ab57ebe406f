import { REGION_DEFAULT_PATH_WIDTH_M } from '@headway/spec';
import type Feature from 'ol/Feature';
import type Circle from 'ol/geom/Circle';
import { describe, expect, it } from 'vitest';
import { toView } from '../../../map/coords';
import type { RegionShapeRow } from '../api';
import { type RegionFeatureInfo, regionFeatures } from './region-features';
import type { RegionFeatureLook } from './region-style';

const project = (lng: number, lat: number) => toView('wgs84', lng, lat);

const POINTS = [
  '40.58,-74.15',
  '40.58,-74.15,250',
  '40.57,-74.16|40.59,-74.14',
  '40.57,-74.16|40.58,-74.14|40.59,-74.155',
];

function shapes(n: number): RegionShapeRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    region_name: `Region ${i + 1}`,
    region_type: i % 5,
    use_type: i % 4,
    region_point: POINTS[Math.min(i % 5, 3)] as string,
    region_option: '{}',
    is_share: i % 2,
  }));
}

describe('the regions layer’s features', () => {
  it('are one per region, keyed by its id', () => {
    const rows = shapes(10_000);
    const features = regionFeatures(rows, project);
    expect(features).toHaveLength(10_000);
    expect(new Set(features.map((f) => f.getId()))).toEqual(new Set(rows.map((r) => r.id)));
    const byId = (id: number) => features.find((f) => f.getId() === id) as Feature;
    const info = byId(4).get('region') as RegionFeatureInfo;
    expect(info).toEqual({ id: 4, name: 'Region 4', regionType: 3, useType: 3, shared: true });
    const circle = byId(2);
    expect((circle.get('look') as RegionFeatureLook).form).toBe('area');
    expect((circle.getGeometry() as Circle).getRadius()).toBeGreaterThan(250);
  });

  it('leave out a region whose points do not read', () => {
    const rows = shapes(3);
    rows[1] = { ...(rows[1] as RegionShapeRow), region_point: 'nonsense' };
    expect(regionFeatures(rows, project).map((f) => f.getId())).toEqual([3, 1]);
  });

  it('are drawn big areas first, then smaller ones, corridors and pins on top', () => {
    const row = (id: number, region_type: number, region_point: string): RegionShapeRow => ({
      id,
      region_name: `R${id}`,
      region_type,
      use_type: 0,
      region_point,
      region_option: '{}',
      is_share: 1,
    });
    const rows = [
      row(1, 0, '40.58,-74.15'),
      row(2, 1, '40.58,-74.15,100'),
      row(3, 4, '40.57,-74.16|40.59,-74.14'),
      row(4, 1, '40.58,-74.15,2000'),
      row(5, 2, '40.57,-74.16|40.59,-74.14'),
    ];
    expect(regionFeatures(rows, project).map((f) => f.getId())).toEqual([4, 5, 2, 3, 1]);
  });

  it('carry a path’s corridor, both sides, in view units where it lies', () => {
    const path = (option: string): RegionShapeRow => ({
      id: 1,
      region_name: 'Corridor',
      region_type: 4,
      use_type: 0,
      region_point: '60,10|60.01,10.01',
      region_option: option,
      is_share: 1,
    });
    const look = (option: string) => regionFeatures([path(option)], project)[0]?.get('look') as RegionFeatureLook;
    // At 60° a view unit is half a metre on the ground: 2 × 30 m is 120 units.
    expect(look('{"width":30}').corridorUnits).toBeCloseTo(120, 0);
    expect(look('{}').corridorUnits).toBeCloseTo(4 * REGION_DEFAULT_PATH_WIDTH_M, 0);
    expect(look('{}').form).toBe('corridor');
  });
});
