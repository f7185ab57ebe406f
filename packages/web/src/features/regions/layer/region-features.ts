import { getArea } from 'ol/extent';
import Feature from 'ol/Feature';
import type Geometry from 'ol/geom/Geometry';
import type LineString from 'ol/geom/LineString';
import { getPointResolution } from 'ol/proj';
import type { RegionShapeRow } from '../api';
import { regionGeometry } from '../map/region-geometry';
import { corridorHalfWidth, type RegionFeatureLook, regionForm } from './region-style';

// The regions layer's features, built once per answer of /basic/region/shapes (not per frame): one feature per
// region whose points read, with its id and everything its style and its popup need. They are made in drawing
// order (OpenLayers draws and hit-tests by creation order): big areas first, smaller areas over them, then
// corridors, then pins, so whatever is smaller is drawn on top and a click inside a depot on a pin opens the pin.

type Project = (lng: number, lat: number) => [number, number];

export interface RegionFeatureInfo {
  id: number;
  name: string;
  regionType: number;
  useType: number;
  shared: boolean;
}

const FORM_RANK = { area: 0, corridor: 1, pin: 2 } as const;

export function regionFeatures(shapes: readonly RegionShapeRow[], project: Project): Feature[] {
  const drawn: { shape: RegionShapeRow; geometry: Geometry; rank: number; size: number }[] = [];
  for (const shape of shapes) {
    const geometry = regionGeometry(shape.region_type, shape.region_point, project);
    if (!geometry) continue;
    drawn.push({
      shape,
      geometry,
      rank: FORM_RANK[regionForm(shape.region_type)],
      size: getArea(geometry.getExtent()),
    });
  }
  drawn.sort((a, b) => a.rank - b.rank || b.size - a.size);
  const out: Feature[] = [];
  for (const { shape, geometry } of drawn) {
    const form = regionForm(shape.region_type);
    let corridorUnits = 0;
    if (form === 'corridor') {
      // Ground metres to view units where the path is (Web Mercator stretches by 1/cos(lat)); a corridor spans a
      // few kilometres at most, so one scale at its first point is close enough.
      const first = (geometry as LineString).getFirstCoordinate();
      corridorUnits = (2 * corridorHalfWidth(shape.region_option)) / getPointResolution('EPSG:3857', 1, first);
    }
    const look: RegionFeatureLook = { form, useType: shape.use_type, name: shape.region_name, corridorUnits };
    const info: RegionFeatureInfo = {
      id: shape.id,
      name: shape.region_name,
      regionType: shape.region_type,
      useType: shape.use_type,
      shared: shape.is_share === 1,
    };
    const feature = new Feature(geometry);
    feature.setId(shape.id);
    feature.setProperties({ look, region: info }, true);
    out.push(feature);
  }
  return out;
}
