import {
  GEOFENCE_ENTER_MARGIN_M,
  GEOFENCE_EXIT_MARGIN_M,
  parseRegionPoint,
  REGION_DEFAULT_PATH_WIDTH_M,
  REGION_DEFAULT_RADIUS_M,
  RegionTypeCode,
} from '@headway/spec';
import {
  haversineM,
  LocalPlane,
  M_PER_DEG,
  PLANE_MAX_M,
  planeX,
  polygonDepth,
  polylineDistance,
  project,
} from './geometry.ts';

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

// A fence's numbers sit in one Float64Array from `at`: its plane, its reach and margin, then its projected
// vertices. GeofenceIndex.load packs a company's fences into one shared array, nearby regions side by side, so a
// report's depth tests read a few adjacent cache lines instead of a Fence's plane, its boxed numbers and a vertex
// array each (at 25,000 reports/s the geofence's cost is cache misses, not arithmetic).
const LAT0 = 0;
const LNG0 = 1;
/** The plane's metres per degree of longitude and its change with latitude (geometry.ts LocalPlane). */
const KX = 2;
const KS = 3;
/** A circle's radius or a corridor's half width, metres. */
const REACH = 4;
const ENTER = 5;
const VERTICES = 6;

export class Fence {
  /** Bounding box in degrees (rbush), grown by the exit margin: outside it a vehicle has certainly left. */
  minX = Infinity;
  minY = Infinity;
  maxX = -Infinity;
  maxY = -Infinity;
  /** Path corridors: metres either side of the line. */
  readonly halfWidth: number = 0;
  /** Seconds inside after which a visit raises the overstay alarm once; 0 never (region_option overstay_minutes). */
  readonly overstaySeconds: number;
  private geo: Float64Array;
  private at = 0;
  /** Projected vertices (none for a circle). */
  private readonly count: number;

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
    const plane = new LocalPlane(lat0, lng0);
    const options = optionsOf(option);
    this.overstaySeconds = Math.round((positive(options.overstay_minutes) ?? 0) * 60);
    const shape = type === RegionTypeCode.rectangle ? corners(points) : points;
    const vertices = type === RegionTypeCode.circle ? new Float64Array(0) : project(plane, shape);
    this.count = vertices.length / 2;
    this.geo = new Float64Array(VERTICES + vertices.length);
    this.geo.set([lat0, lng0, plane.kx, plane.ks], 0);
    this.geo.set(vertices, VERTICES);
    let reach = 0;
    let enter: number;
    if (type === RegionTypeCode.circle) {
      reach = radius ?? REGION_DEFAULT_RADIUS_M;
      this.grow(points, reach + GEOFENCE_EXIT_MARGIN_M);
      enter = Math.min(GEOFENCE_ENTER_MARGIN_M, reach / 2);
    } else if (type === RegionTypeCode.path) {
      reach = positive(options.width) ?? REGION_DEFAULT_PATH_WIDTH_M;
      this.halfWidth = reach;
      this.grow(shape, reach + GEOFENCE_EXIT_MARGIN_M);
      enter = Math.min(GEOFENCE_ENTER_MARGIN_M, reach / 2);
    } else {
      this.grow(shape, GEOFENCE_EXIT_MARGIN_M);
      let minX = Infinity;
      let maxX = -Infinity;
      let minY = Infinity;
      let maxY = -Infinity;
      for (let i = 0; i < vertices.length; i += 2) {
        const x = vertices[i] as number;
        const y = vertices[i + 1] as number;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
      // A sliver polygon could never be entered by the full margin.
      enter = Math.min(GEOFENCE_ENTER_MARGIN_M, Math.min(maxX - minX, maxY - minY) / 4);
    }
    this.geo[REACH] = reach;
    this.geo[ENTER] = enter;
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

  /** Metres inside the border to count as in: the spec's margin, shrunk for a region smaller than it. */
  get enterMargin(): number {
    return this.geo[this.at + ENTER] as number;
  }

  /** Doubles it takes in a packed array. */
  get size(): number {
    return VERTICES + 2 * this.count;
  }

  /** Moves its numbers into `shared` from `at` (GeofenceIndex.load); returns where the next fence's begin. */
  packInto(shared: Float64Array, at: number): number {
    shared.set(this.geo.subarray(this.at, this.at + this.size), at);
    this.geo = shared;
    this.at = at;
    return at + this.size;
  }

  /** Signed metres inside the border (negative outside). */
  depth(lat: number, lng: number): number {
    const g = this.geo;
    const at = this.at;
    const lat0 = g[at + LAT0] as number;
    const lng0 = g[at + LNG0] as number;
    const reach = g[at + REACH] as number;
    if (this.type === RegionTypeCode.circle) {
      // Haversine only for a circle too wide for the plane; otherwise a square root and no trigonometry.
      if (reach > PLANE_MAX_M) return reach - haversineM(lat0, lng0, lat, lng);
      const x = planeX(lat - lat0, lng - lng0, g[at + KX] as number, g[at + KS] as number);
      const y = (lat - lat0) * M_PER_DEG;
      return reach - Math.sqrt(x * x + y * y);
    }
    const x = planeX(lat - lat0, lng - lng0, g[at + KX] as number, g[at + KS] as number);
    const y = (lat - lat0) * M_PER_DEG;
    if (this.type === RegionTypeCode.path) return reach - polylineDistance(x, y, g, at + VERTICES, this.count);
    return polygonDepth(x, y, g, at + VERTICES, this.count);
  }

  /** Path corridors: the point is within the corridor's width of either end (leaving there is arriving, not deviating). */
  nearEnd(lat: number, lng: number): boolean {
    if (this.count < 1) return false;
    const g = this.geo;
    const at = this.at;
    const lat0 = g[at + LAT0] as number;
    const x = planeX(lat - lat0, lng - (g[at + LNG0] as number), g[at + KX] as number, g[at + KS] as number);
    const y = (lat - lat0) * M_PER_DEG;
    const first = at + VERTICES;
    const last = first + 2 * (this.count - 1);
    const reach = this.halfWidth + GEOFENCE_EXIT_MARGIN_M * 2;
    return (
      Math.hypot(x - (g[first] as number), y - (g[first + 1] as number)) <= reach ||
      Math.hypot(x - (g[last] as number), y - (g[last + 1] as number)) <= reach
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
