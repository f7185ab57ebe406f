import {
  GEOFENCE_ENTER_MARGIN_M,
  GEOFENCE_EXIT_MARGIN_M,
  parseRegionPoint,
  REGION_DEFAULT_PATH_WIDTH_M,
  REGION_DEFAULT_RADIUS_M,
  RegionTypeCode,
} from '@headway/spec';
import { haversineM, LocalPlane, M_PER_DEG, polygonDepth, polylineDistance, project } from './geometry.ts';

// One region as the geofence tests it: its shape compiled once (projected vertices, bounding box) from the row.

/** The columns of a region the geofence reads. */
export interface FenceSource {
  id: number;
  region_name: string;
  region_type: number;
  use_type: number;
  region_point: string;
  region_option: string;
}

export class Fence {
  /** Bounding box in degrees (rbush), grown by the exit margin: outside it a vehicle has certainly left. */
  minX = Infinity;
  minY = Infinity;
  maxX = -Infinity;
  maxY = -Infinity;
  /** Metres inside the border to count as in: the spec's margin, shrunk for a region smaller than it. */
  enterMargin = GEOFENCE_ENTER_MARGIN_M;
  private plane: LocalPlane;
  private vertices: Float64Array = new Float64Array(0);
  private radius = 0;
  /** Path corridors: metres either side of the line. */
  halfWidth = 0;
  /** Seconds inside after which a visit raises the overstay alarm once; 0 never (region_option overstay_minutes). */
  readonly overstaySeconds: number;

  private constructor(
    readonly id: number,
    readonly name: string,
    readonly type: number,
    readonly useType: number,
    points: readonly [number, number][],
    radius: number | undefined,
    option: string,
  ) {
    const [lat0, lng0] = points[0] as [number, number];
    this.plane = new LocalPlane(lat0, lng0);
    const options = optionsOf(option);
    this.overstaySeconds = Math.round((positive(options.overstay_minutes) ?? 0) * 60);
    if (type === RegionTypeCode.circle) {
      this.radius = radius ?? REGION_DEFAULT_RADIUS_M;
      this.grow(points, this.radius + GEOFENCE_EXIT_MARGIN_M);
      this.enterMargin = Math.min(GEOFENCE_ENTER_MARGIN_M, this.radius / 2);
      return;
    }
    const shape = type === RegionTypeCode.rectangle ? corners(points) : points;
    this.vertices = project(this.plane, shape);
    if (type === RegionTypeCode.path) {
      this.halfWidth = positive(options.width) ?? REGION_DEFAULT_PATH_WIDTH_M;
      this.grow(shape, this.halfWidth + GEOFENCE_EXIT_MARGIN_M);
      this.enterMargin = Math.min(GEOFENCE_ENTER_MARGIN_M, this.halfWidth / 2);
      return;
    }
    this.grow(shape, GEOFENCE_EXIT_MARGIN_M);
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < this.vertices.length; i += 2) {
      const x = this.vertices[i] as number;
      const y = this.vertices[i + 1] as number;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    // A sliver polygon could never be entered by the full margin.
    this.enterMargin = Math.min(GEOFENCE_ENTER_MARGIN_M, Math.min(maxX - minX, maxY - minY) / 4);
  }

  /** The fence of a region row; undefined for a POI (it does not fence) or a shape that cannot be read. */
  static of(row: FenceSource): Fence | undefined {
    const type = row.region_type;
    if (type < RegionTypeCode.circle || type > RegionTypeCode.path) return undefined;
    const parsed = parseRegionPoint(type, row.region_point);
    if (!parsed.ok) return undefined;
    const shape = parsed.shape;
    const points = shape.points.map((p): [number, number] => [p.lat, p.lng]);
    const radius = shape.type === RegionTypeCode.circle ? shape.radius : undefined;
    return new Fence(row.id, row.region_name, type, row.use_type, points, radius, row.region_option);
  }

  /** Signed metres inside the border (negative outside). */
  depth(lat: number, lng: number): number {
    if (this.type === RegionTypeCode.circle)
      return this.radius - haversineM(this.plane.lat0, this.plane.lng0, lat, lng);
    const x = this.plane.x(lng);
    const y = this.plane.y(lat);
    if (this.type === RegionTypeCode.path) return this.halfWidth - polylineDistance(x, y, this.vertices);
    return polygonDepth(x, y, this.vertices);
  }

  /** Path corridors: the point is within the corridor's width of either end (leaving there is arriving, not deviating). */
  nearEnd(lat: number, lng: number): boolean {
    const v = this.vertices;
    const n = v.length;
    if (n < 2) return false;
    const x = this.plane.x(lng);
    const y = this.plane.y(lat);
    const reach = this.halfWidth + GEOFENCE_EXIT_MARGIN_M * 2;
    return (
      Math.hypot(x - (v[0] as number), y - (v[1] as number)) <= reach ||
      Math.hypot(x - (v[n - 2] as number), y - (v[n - 1] as number)) <= reach
    );
  }

  private grow(points: readonly [number, number][], metres: number): void {
    for (const [lat, lng] of points) {
      const dLat = metres / M_PER_DEG;
      const dLng = metres / (M_PER_DEG * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
      this.minX = Math.min(this.minX, lng - dLng);
      this.maxX = Math.max(this.maxX, lng + dLng);
      this.minY = Math.min(this.minY, lat - dLat);
      this.maxY = Math.max(this.maxY, lat + dLat);
    }
  }
}

/** A rectangle as region_point stores it: south-west and north-east corners. */
function corners(points: readonly [number, number][]): [number, number][] {
  const [a, b] = points as [[number, number], [number, number]];
  return [
    [a[0], a[1]],
    [a[0], b[1]],
    [b[0], b[1]],
    [b[0], a[1]],
  ];
}

/**
 * region_option (docs/regions.md "Options"): `width` — a corridor's metres either side of its line;
 * `overstay_minutes` — a visit longer than this raises the overstay alarm. A malformed option reads as none.
 */
function optionsOf(option: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(option || '{}');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** A number above 0 (also written as text), else undefined. */
function positive(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}
