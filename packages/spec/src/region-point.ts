import { REGION_DEFAULT_RADIUS_M, REGION_TYPES, type RegionType, RegionTypeCode } from './region-rules.ts';

// A region's `region_point` text (spec "Region": `lat,lng` pairs joined by `|`; a circle is `lat,lng,radius` in
// metres) parsed into a typed shape, and the shape written back in one normal form. Pure: the region API, the
// geofence index and the terminal push all read shapes through here, so they agree on what a region covers.
// Coordinates are WGS-84 degrees; nothing here crosses the antimeridian (a bus fleet does not).

export interface LatLng {
  lat: number;
  lng: number;
}

export type RegionShape =
  | { type: 0; points: [LatLng] }
  | { type: 1; points: [LatLng]; radius: number }
  /** South-west corner, then north-east. */
  | { type: 2; points: [LatLng, LatLng] }
  /** Open ring: the closing point is not repeated. */
  | { type: 3; points: LatLng[] }
  | { type: 4; points: LatLng[] };

export type ParsedRegionPoint = { ok: true; shape: RegionShape } | { ok: false; reason: string };

/** Plain decimal numbers only: `Number()` would also take '', '0x1f', 'Infinity' and ' 1 '. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function decimal(text: string): number | undefined {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

export function isRegionType(type: number): type is RegionType {
  return Object.hasOwn(REGION_TYPES, type);
}

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** `lat,lng` with room for a third number (a circle's radius). */
function parsePoint(text: string, index: number, allowRadius: boolean): Parsed<{ point: LatLng; radius?: number }> {
  const parts = text.split(',');
  if (parts.length !== 2 && !(allowRadius && parts.length === 3)) {
    return { ok: false, reason: `point ${index + 1}: expected lat,lng${allowRadius ? '[,radius]' : ''}` };
  }
  const [lat, lng, radius] = parts.map(decimal);
  if (lat === undefined || lng === undefined) return { ok: false, reason: `point ${index + 1}: not a number` };
  if (lat < -90 || lat > 90) return { ok: false, reason: `point ${index + 1}: latitude outside -90..90` };
  if (lng < -180 || lng > 180) return { ok: false, reason: `point ${index + 1}: longitude outside -180..180` };
  if (parts.length === 3) {
    if (radius === undefined || radius <= 0) return { ok: false, reason: 'radius must be a number above 0' };
    return { ok: true, value: { point: { lat, lng }, radius } };
  }
  return { ok: true, value: { point: { lat, lng } } };
}

function same(a: LatLng, b: LatLng): boolean {
  return a.lat === b.lat && a.lng === b.lng;
}

/** Twice the signed planar area of a ring in degrees² (shoelace): zero for points on one line. */
function doubleArea(ring: readonly LatLng[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i += 1) {
    const a = ring[i] as LatLng;
    const b = ring[(i + 1) % ring.length] as LatLng;
    sum += a.lng * b.lat - b.lng * a.lat;
  }
  return sum;
}

/** Parses and validates `region_point` for a region type; the reason says what is wrong for the 1004 answer. */
export function parseRegionPoint(type: number, text: string): ParsedRegionPoint {
  if (!isRegionType(type)) return { ok: false, reason: 'unknown region type' };
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'no shape drawn' };
  const points: LatLng[] = [];
  let radius: number | undefined;
  const pieces = trimmed.split('|');
  for (const [index, piece] of pieces.entries()) {
    const parsed = parsePoint(piece, index, type === RegionTypeCode.circle && pieces.length === 1);
    if (!parsed.ok) return parsed;
    points.push(parsed.value.point);
    radius = parsed.value.radius;
  }
  const first = points[0] as LatLng;

  switch (type) {
    case 0:
      if (points.length !== 1) return { ok: false, reason: 'a point of interest is one lat,lng' };
      return { ok: true, shape: { type, points: [first] } };
    case 1:
      if (points.length !== 1) return { ok: false, reason: 'a circle is one lat,lng[,radius]' };
      return { ok: true, shape: { type, points: [first], radius: radius ?? REGION_DEFAULT_RADIUS_M } };
    case 2: {
      const second = points[1];
      if (points.length !== 2 || !second) return { ok: false, reason: 'a rectangle is two corners' };
      if (first.lat === second.lat || first.lng === second.lng) return { ok: false, reason: 'rectangle has no area' };
      const sw = { lat: Math.min(first.lat, second.lat), lng: Math.min(first.lng, second.lng) };
      const ne = { lat: Math.max(first.lat, second.lat), lng: Math.max(first.lng, second.lng) };
      return { ok: true, shape: { type, points: [sw, ne] } };
    }
    case 3: {
      // Drawing tools close the ring by repeating the first point; the stored form leaves it open.
      const ring = points.length > 1 && same(first, points[points.length - 1] as LatLng) ? points.slice(0, -1) : points;
      if (ring.length < 3) return { ok: false, reason: 'a polygon needs at least 3 points' };
      if (doubleArea(ring) === 0) return { ok: false, reason: 'polygon has no area' };
      return { ok: true, shape: { type, points: ring } };
    }
    case 4:
      if (points.length < 2) return { ok: false, reason: 'a path needs at least 2 points' };
      if (points.every((p) => same(p, first))) return { ok: false, reason: 'path has no length' };
      return { ok: true, shape: { type, points } };
  }
}

export function formatLatLng(point: LatLng): string {
  return `${point.lat},${point.lng}`;
}

/** The shape in the stored form: rectangle SW|NE, polygon open, circle with its radius. */
export function formatRegionPoint(shape: RegionShape): string {
  const text = shape.points.map(formatLatLng).join('|');
  return shape.type === 1 ? `${text},${shape.radius}` : text;
}

function boundsCentre(points: readonly LatLng[]): LatLng {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  return {
    lat: (Math.min(...lats) + Math.max(...lats)) / 2,
    lng: (Math.min(...lngs) + Math.max(...lngs)) / 2,
  };
}

/**
 * Where a region's label and marker go (the row's `center`): the point of a POI or circle, the middle of a
 * rectangle or path's bounds, a polygon's area centroid (planar; regions are city-sized, so the error is metres).
 */
export function regionCentre(shape: RegionShape): LatLng {
  switch (shape.type) {
    case 0:
    case 1:
      return shape.points[0];
    case 2:
    case 4:
      return boundsCentre(shape.points);
    case 3: {
      const area2 = doubleArea(shape.points);
      let lat = 0;
      let lng = 0;
      for (let i = 0; i < shape.points.length; i += 1) {
        const a = shape.points[i] as LatLng;
        const b = shape.points[(i + 1) % shape.points.length] as LatLng;
        const cross = a.lng * b.lat - b.lng * a.lat;
        lng += (a.lng + b.lng) * cross;
        lat += (a.lat + b.lat) * cross;
      }
      return { lat: lat / (3 * area2), lng: lng / (3 * area2) };
    }
  }
}
