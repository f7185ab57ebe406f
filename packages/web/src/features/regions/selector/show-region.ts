import { parseRegionPoint, RegionTypeCode, regionCircleZoom } from '@headway/spec';
import type OlMap from 'ol/Map';
import type { RegionRow } from '../api';
import { regionGeometry } from '../map/region-geometry';

// "Show on map" in the fence selector (spec section 9): a circle is centred at the spec's zoom for its radius with
// the selector's finer steps, a POI at a street-level zoom, any other shape framed whole.

const POI_ZOOM = 16;
const MAX_FIT_ZOOM = 18;

type Project = (lng: number, lat: number) => [number, number];

/** Frames `region` on `map`; `padding` keeps it clear of what floats over the map (the selector itself). */
export function showRegion(
  map: OlMap,
  region: Pick<RegionRow, 'region_type' | 'region_point'>,
  project: Project,
  padding: [number, number, number, number],
): boolean {
  const parsed = parseRegionPoint(region.region_type, region.region_point);
  if (!parsed.ok) return false;
  const view = map.getView();
  const shape = parsed.shape;
  if (shape.type === RegionTypeCode.circle || shape.type === RegionTypeCode.poi) {
    const centre = shape.points[0];
    if (!centre) return false;
    view.setZoom(shape.type === RegionTypeCode.circle ? regionCircleZoom(shape.radius, true) : POI_ZOOM);
    const at = project(centre.lng, centre.lat);
    const size = map.getSize();
    if (!size) {
      view.setCenter(at);
      return true;
    }
    // In the middle of what the padding leaves visible, not under the selector.
    const [top, right, bottom, left] = padding;
    const [width, height] = size as [number, number];
    view.centerOn(at, size, [
      left + Math.max(0, width - left - right) / 2,
      top + Math.max(0, height - top - bottom) / 2,
    ]);
    return true;
  }
  const geometry = regionGeometry(region.region_type, region.region_point, project);
  if (!geometry) return false;
  view.fit(geometry.getExtent(), { padding, maxZoom: MAX_FIT_ZOOM });
  return true;
}
