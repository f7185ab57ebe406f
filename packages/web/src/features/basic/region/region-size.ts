import { parseRegionPoint } from '@headway/spec';
import { formatLength, runningDistances } from '../../../map/tools/measure';

// The list's "size" column and the drawer's size attribute, from the stored shape (@headway/spec region-point.ts):
// a circle's radius, a rectangle's sides, a polygon's corner count, a path's length. Lengths follow spec section 9
// (above 1000 m in km with 2 decimals), on the measuring tool's sphere so both agree.

export type RegionSize =
  | { key: 'radius'; values: { length: string } }
  | { key: 'rectangle'; values: { width: string; height: string } }
  | { key: 'points'; values: { count: number } }
  | { key: 'length'; values: { length: string } };

/** The summary's key under `regions.page.*` and its values, or null for a POI or points that do not read. */
export function regionSize(type: number, regionPoint: string): RegionSize | null {
  const parsed = parseRegionPoint(type, regionPoint);
  if (!parsed.ok) return null;
  const shape = parsed.shape;
  switch (shape.type) {
    case 0:
      return null;
    case 1:
      return { key: 'radius', values: { length: formatLength(shape.radius) } };
    case 2: {
      const [sw, ne] = shape.points;
      // Measured along the southern edge and the western edge: the sides a user drew.
      const width = runningDistances([
        [sw.lng, sw.lat],
        [ne.lng, sw.lat],
      ]).at(-1) as number;
      const height = runningDistances([
        [sw.lng, sw.lat],
        [sw.lng, ne.lat],
      ]).at(-1) as number;
      return { key: 'rectangle', values: { width: formatLength(width), height: formatLength(height) } };
    }
    case 3:
      return { key: 'points', values: { count: shape.points.length } };
    case 4: {
      const length = runningDistances(shape.points.map((p) => [p.lng, p.lat] as const)).at(-1) as number;
      return { key: 'length', values: { length: formatLength(length) } };
    }
  }
}

/** Spec section 9: coordinates with 6 decimals. */
export function formatCentre(lat: number, lng: number): string {
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}
