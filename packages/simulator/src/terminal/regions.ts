import type { LocationItem, SetCircleAreas, SetPolygonArea, SetRectangleAreas, SetRoute } from '@headway/protocol';
import { AreaAttributeMask as Area, RouteSegmentAttributeMask as Segment, WarningMask } from '@headway/spec';

// The regions a terminal was sent (0x8600–0x8607, kept by commands.ts) and the in/out reports it makes of them:
// on a report where the vehicle crossed a region's edge, item 0x12 (JT/T 808 table 28: area type, id, direction)
// with warning bit 20 (areas) or 21 (routes). The simulator has its own small geometry: it never imports the
// server.

/** Item 0x12's location type: 1 circle, 2 rectangle, 3 polygon, 4 route. */
export type FenceKind = 1 | 2 | 3 | 4;

interface Point {
  lat: number;
  lng: number;
}

export type Fence =
  | { kind: 1; id: number; center: Point; radius: number }
  | { kind: 2; id: number; top: number; left: number; bottom: number; right: number }
  | { kind: 3; id: number; vertices: Point[] }
  /** Each point carries the width of the segment that starts at it (m). */
  | { kind: 4; id: number; points: (Point & { width: number })[] };

export interface StoredRegion {
  msgId: number;
  body: unknown;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The wire carries unsigned degrees; the hemisphere is in the attribute's south/west bits (§8.39). */
function signed(p: Point, attr: number): Point {
  return { lat: attr & Area.south ? -p.lat : p.lat, lng: attr & Area.west ? -p.lng : p.lng };
}

export function distanceM(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance from p to segment ab, on a local flat projection around p (segments are short). */
function distanceToSegmentM(p: Point, a: Point, b: Point): number {
  const k = Math.cos(rad(p.lat));
  const ax = rad(a.lng - p.lng) * k * EARTH_RADIUS_M;
  const ay = rad(a.lat - p.lat) * EARTH_RADIUS_M;
  const bx = rad(b.lng - p.lng) * k * EARTH_RADIUS_M;
  const by = rad(b.lat - p.lat) * EARTH_RADIUS_M;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** Ray casting; the ring may or may not repeat its first vertex. */
function inPolygon(p: Point, ring: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i] as Point;
    const b = ring[j] as Point;
    if (a.lat > p.lat !== b.lat > p.lat && p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng) {
      inside = !inside;
    }
  }
  return inside;
}

export function contains(fence: Fence, p: Point): boolean {
  switch (fence.kind) {
    case 1:
      return distanceM(fence.center, p) <= fence.radius;
    case 2:
      return (
        p.lat <= Math.max(fence.top, fence.bottom) &&
        p.lat >= Math.min(fence.top, fence.bottom) &&
        p.lng >= Math.min(fence.left, fence.right) &&
        p.lng <= Math.max(fence.left, fence.right)
      );
    case 3:
      return fence.vertices.length >= 3 && inPolygon(p, fence.vertices);
    case 4: {
      // The segment width is the corridor's full width: the vehicle is on the route within half of it.
      const pts = fence.points;
      if (pts.length === 1) return distanceM(pts[0] as Point, p) <= (pts[0]?.width ?? 0) / 2;
      for (let i = 0; i + 1 < pts.length; i++) {
        const a = pts[i] as Point & { width: number };
        if (distanceToSegmentM(p, a, pts[i + 1] as Point) <= a.width / 2) return true;
      }
      return false;
    }
  }
}

/** The fences of the regions as the terminal holds them (one 0x8600/0x8602 may carry several areas). */
export function fencesOf(regions: Iterable<StoredRegion>): Fence[] {
  const out: Fence[] = [];
  for (const r of regions) {
    switch (r.msgId) {
      case 0x8600:
        for (const a of (r.body as SetCircleAreas).areas) {
          out.push({ kind: 1, id: a.id, center: signed(a, a.attr), radius: a.radius });
        }
        break;
      case 0x8602:
        for (const a of (r.body as SetRectangleAreas).areas) {
          const tl = signed({ lat: a.topLat, lng: a.leftLng }, a.attr);
          const br = signed({ lat: a.bottomLat, lng: a.rightLng }, a.attr);
          out.push({ kind: 2, id: a.id, top: tl.lat, left: tl.lng, bottom: br.lat, right: br.lng });
        }
        break;
      case 0x8604: {
        const b = r.body as SetPolygonArea;
        out.push({ kind: 3, id: b.id, vertices: b.vertices.map((v) => signed(v, b.attr)) });
        break;
      }
      case 0x8606: {
        const b = r.body as SetRoute;
        // A route's hemisphere is per turning point, in the segment attribute.
        const points = b.points.map((p) => ({
          lat: p.segAttr & Segment.south ? -p.lat : p.lat,
          lng: p.segAttr & Segment.west ? -p.lng : p.lng,
          width: p.width,
        }));
        out.push({ kind: 4, id: b.id, points });
        break;
      }
    }
  }
  return out;
}

export interface RegionCrossings {
  /** One 0x12 item per region whose edge was crossed since the last report. */
  items: LocationItem[];
  /** Warning bits 20 (area in/out) and 21 (route in/out) for those crossings. */
  alarm: number;
}

const fenceKey = (f: Fence) => `${f.kind}:${f.id}`;

/**
 * Remembers which regions the vehicle is inside. The first look at a region only records where the vehicle is
 * (a region sent while the bus stands inside it is not an entry); a later change reports one crossing.
 */
export class RegionWatcher {
  private readonly inside = new Map<string, boolean>();

  observe(regions: Iterable<StoredRegion>, at: Point): RegionCrossings {
    const items: LocationItem[] = [];
    let alarm = 0;
    const seen = new Set<string>();
    for (const fence of fencesOf(regions)) {
      const key = fenceKey(fence);
      seen.add(key);
      const now = contains(fence, at);
      const before = this.inside.get(key);
      this.inside.set(key, now);
      if (before === undefined || before === now) continue;
      items.push({ id: 0x12, areaType: fence.kind, areaId: fence.id, direction: now ? 0 : 1 });
      alarm |= fence.kind === 4 ? WarningMask.routeInOut : WarningMask.areaInOut;
    }
    // A deleted region is forgotten, so sending it again starts afresh.
    for (const key of [...this.inside.keys()]) if (!seen.has(key)) this.inside.delete(key);
    return { items, alarm: alarm >>> 0 };
  }
}
