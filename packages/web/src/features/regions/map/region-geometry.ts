import { formatRegionPoint, parseRegionPoint, type RegionShape, type RegionType } from '@headway/spec';
import Circle from 'ol/geom/Circle';
import type Geometry from 'ol/geom/Geometry';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import { getPointResolution } from 'ol/proj';

// A region's stored shape (WGS-84 `region_point`, @headway/spec region-point.ts) to an OpenLayers geometry in the
// map's view and back: the regions layer draws with the first, the fence selector's Draw/Modify tools save with
// the second. The map's own project/unproject carry the datum (a GCJ-02 base map shifts everything alike).

type Project = (lng: number, lat: number) => [number, number];
type Unproject = (x: number, y: number) => [number, number];

/** Spec section 9: coordinates with 6 decimals (about 0.1 m). */
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** Metres on the ground per view unit at a point (Web Mercator stretches by 1/cos(lat)). */
function metresPerUnit(at: number[]): number {
  return getPointResolution('EPSG:3857', 1, at);
}

export function shapeGeometry(shape: RegionShape, project: Project): Geometry {
  const at = (i: number) => {
    const p = shape.points[i] as { lat: number; lng: number };
    return project(p.lng, p.lat);
  };
  switch (shape.type) {
    case 0:
      return new Point(at(0));
    case 1: {
      const centre = at(0);
      return new Circle(centre, shape.radius / metresPerUnit(centre));
    }
    case 2: {
      const [sw, ne] = shape.points;
      return new Polygon([
        [project(sw.lng, sw.lat), project(ne.lng, sw.lat), project(ne.lng, ne.lat), project(sw.lng, ne.lat)],
      ]);
    }
    case 3: {
      const ring = shape.points.map((p) => project(p.lng, p.lat));
      return new Polygon([[...ring, ring[0] as [number, number]]]);
    }
    case 4:
      return new LineString(shape.points.map((p) => project(p.lng, p.lat)));
  }
}

/** The geometry of a stored region, or null when its points do not read (drawn by an older client, say). */
export function regionGeometry(type: number, regionPoint: string, project: Project): Geometry | null {
  const parsed = parseRegionPoint(type, regionPoint);
  return parsed.ok ? shapeGeometry(parsed.shape, project) : null;
}

function latLng(unproject: Unproject, c: number[]) {
  const [lng, lat] = unproject(c[0] as number, c[1] as number);
  return { lat: round6(lat), lng: round6(lng) };
}

/**
 * The drawn geometry as `region_point` of the type, in the stored normal form; null when it is not that type's
 * geometry or has no area/length yet (the form then has nothing to submit: spec "types 1–4 need a drawn shape").
 */
export function geometryRegionPoint(type: RegionType, geometry: Geometry, unproject: Unproject): string | null {
  let text: string | null = null;
  if (type === 0 && geometry instanceof Point) {
    text = formatRegionPoint({ type, points: [latLng(unproject, geometry.getCoordinates())] });
  } else if (type === 1 && geometry instanceof Circle) {
    const centre = geometry.getCenter();
    const radius = Math.round(geometry.getRadius() * metresPerUnit(centre));
    if (radius > 0) text = formatRegionPoint({ type, points: [latLng(unproject, centre)], radius });
  } else if (type === 2 && geometry instanceof Polygon) {
    const [minX, minY, maxX, maxY] = geometry.getExtent() as [number, number, number, number];
    text = `${Object.values(latLng(unproject, [minX, minY])).join(',')}|${Object.values(latLng(unproject, [maxX, maxY])).join(',')}`;
  } else if (type === 3 && geometry instanceof Polygon) {
    const ring = (geometry.getCoordinates()[0] ?? []).map((c) => latLng(unproject, c));
    text = ring.map((p) => `${p.lat},${p.lng}`).join('|');
  } else if (type === 4 && geometry instanceof LineString) {
    text = geometry
      .getCoordinates()
      .map((c) => latLng(unproject, c))
      .map((p) => `${p.lat},${p.lng}`)
      .join('|');
  }
  if (text === null) return null;
  // The spec parser is the judge: a degenerate drawing (a click, not a drag) has nothing to save.
  const parsed = parseRegionPoint(type, text);
  return parsed.ok ? formatRegionPoint(parsed.shape) : null;
}
