import type { Jt808Message, RoutePoint } from '@headway/protocol';
import {
  AreaAttributeMask as Area,
  REGION_DEFAULT_PATH_WIDTH_M,
  REGION_DEFAULT_RADIUS_M,
  RegionTypeCode,
  RouteSegmentAttributeMask as Segment,
} from '@headway/spec';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';

// A region as the terminal receives it (JT/T 808 §8.39–8.46): circle 0x8600 (appended, so the terminal's other
// areas stay), rectangle 0x8602, polygon 0x8604, route 0x8606 — each with area id = region id — and the matching
// delete. region_point is WGS-84 `lat,lng|lat,lng…` (a circle `lat,lng,radius`); the wire carries unsigned degrees
// with the hemisphere in the attribute's south/west bits (per turning point for routes).

/** What a push reads of a region row. */
export interface PushableRegion {
  id: number;
  region_name: string;
  region_type: number;
  region_point: string;
  region_option: string;
}

/** region_option keys a push uses; `width` is the corridor's half-width, as the platform's geofencing reads it. */
interface PushOptions {
  width?: number;
  /** km/h; sets the area's (or every segment's) speed limit. */
  max_speed?: number;
  /** s over the limit before the terminal alarms. */
  overspeed_duration?: number;
}

interface Point {
  lat: number;
  lng: number;
}

const SET_COMMAND: Record<number, 0x8600 | 0x8602 | 0x8604 | 0x8606> = {
  [RegionTypeCode.circle]: 0x8600,
  [RegionTypeCode.rectangle]: 0x8602,
  [RegionTypeCode.polygon]: 0x8604,
  [RegionTypeCode.path]: 0x8606,
};

export function setCommandOf(regionType: number): 0x8600 | 0x8602 | 0x8604 | 0x8606 {
  const command = SET_COMMAND[regionType];
  if (command === undefined) {
    throw new ApiError(ErrorCode.parameter, { field: 'region_id', reason: 'a point of interest cannot be pushed' });
  }
  return command;
}

/** The delete of a set command: 0x8601 / 0x8603 / 0x8605 / 0x8607. */
export function deleteCommandOf(regionType: number): 0x8601 | 0x8603 | 0x8605 | 0x8607 {
  return (setCommandOf(regionType) + 1) as 0x8601 | 0x8603 | 0x8605 | 0x8607;
}

function invalid(reason: string): ApiError {
  return new ApiError(ErrorCode.parameter, { field: 'region_point', reason });
}

function numbersOf(part: string): number[] {
  return part.split(',').map((s) => Number(s.trim()));
}

function pointsOf(regionPoint: string): Point[] {
  const points = regionPoint
    .split('|')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const [lat, lng] = numbersOf(part);
      if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) {
        throw invalid(`bad point "${part}"`);
      }
      if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw invalid(`point out of range "${part}"`);
      return { lat, lng };
    });
  if (points.length === 0) throw invalid('no points');
  return points;
}

function optionsOf(regionOption: string): PushOptions {
  let parsed: unknown;
  try {
    parsed = JSON.parse(regionOption || '{}');
  } catch {
    // A malformed option falls back to the defaults, as the geofencing does.
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const o = parsed as Record<string, unknown>;
  const num = (v: unknown) => {
    const n = typeof v === 'string' ? Number(v) : v;
    return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
  };
  const out: PushOptions = {};
  const width = num(o.width);
  const maxSpeed = num(o.max_speed);
  const duration = num(o.overspeed_duration);
  if (width !== undefined) out.width = width;
  if (maxSpeed !== undefined) out.max_speed = maxSpeed;
  if (duration !== undefined) out.overspeed_duration = duration;
  return out;
}

/** South and west bits: an area has one hemisphere, so a shape spanning the equator or meridian cannot be sent. */
function hemisphereBits(points: readonly Point[]): number {
  const south = points.every((p) => p.lat < 0);
  const west = points.every((p) => p.lng < 0);
  if (!south && points.some((p) => p.lat < 0)) throw invalid('the shape crosses the equator');
  if (!west && points.some((p) => p.lng < 0)) throw invalid('the shape crosses the prime meridian');
  return (south ? Area.south : 0) | (west ? Area.west : 0);
}

/** Speed limit fields of an area or segment, with the bit that announces them. */
function speedLimitOf(o: PushOptions): { bit: number; fields: { maxSpeed?: number; overspeedDuration?: number } } {
  if (o.max_speed === undefined) return { bit: 0, fields: {} };
  return {
    bit: Area.speedLimit,
    fields: {
      maxSpeed: Math.min(0xffff, Math.round(o.max_speed)),
      overspeedDuration: Math.min(0xff, Math.round(o.overspeed_duration ?? 10)),
    },
  };
}

/** The 0x86xx set message for a region, its area id the region id. 1004 for a POI or unreadable points. */
export function setMessageOf(region: PushableRegion): Jt808Message {
  const command = setCommandOf(region.region_type);
  const options = optionsOf(region.region_option);
  const limit = speedLimitOf(options);
  const name = region.region_name;
  const id = region.id;
  const abs = (p: Point) => ({ lat: Math.abs(p.lat), lng: Math.abs(p.lng) });
  switch (command) {
    case 0x8600: {
      const [first] = region.region_point.split('|');
      const [, , radius] = numbersOf(first ?? '');
      const [center] = pointsOf(first ?? '') as [Point];
      const r = radius !== undefined && Number.isFinite(radius) && radius > 0 ? radius : REGION_DEFAULT_RADIUS_M;
      const attr = hemisphereBits([center]) | limit.bit;
      return {
        msgId: 0x8600,
        body: { action: 1, areas: [{ id, attr, ...abs(center), radius: Math.round(r), ...limit.fields, name }] },
      };
    }
    case 0x8602: {
      // Any two or more corners: the terminal takes the bounding box.
      const points = pointsOf(region.region_point);
      if (points.length < 2) throw invalid('a rectangle needs two corners');
      const attr = hemisphereBits(points) | limit.bit;
      const lats = points.map((p) => Math.abs(p.lat));
      const lngs = points.map((p) => Math.abs(p.lng));
      const west = (attr & Area.west) !== 0;
      const south = (attr & Area.south) !== 0;
      // Top is the northern edge, left the western one, in signed terms; the wire holds their magnitudes.
      const topLat = south ? Math.min(...lats) : Math.max(...lats);
      const bottomLat = south ? Math.max(...lats) : Math.min(...lats);
      const leftLng = west ? Math.max(...lngs) : Math.min(...lngs);
      const rightLng = west ? Math.min(...lngs) : Math.max(...lngs);
      return {
        msgId: 0x8602,
        body: { action: 1, areas: [{ id, attr, topLat, leftLng, bottomLat, rightLng, ...limit.fields, name }] },
      };
    }
    case 0x8604: {
      const points = pointsOf(region.region_point);
      if (points.length < 3) throw invalid('a polygon needs three vertices');
      const attr = hemisphereBits(points) | limit.bit;
      return { msgId: 0x8604, body: { id, attr, vertices: points.map(abs), ...limit.fields, name } };
    }
    case 0x8606: {
      const points = pointsOf(region.region_point);
      if (points.length < 2) throw invalid('a route needs two points');
      // The wire's segment width is the corridor's full width, one BYTE of metres.
      const width = Math.min(0xff, Math.round(2 * (options.width ?? REGION_DEFAULT_PATH_WIDTH_M)));
      const routePoints: RoutePoint[] = points.map((p, i) => ({
        pointId: i + 1,
        // Segment i runs from point i to point i + 1; the last point closes the last segment.
        segmentId: Math.min(i + 1, points.length - 1),
        ...abs(p),
        width,
        segAttr:
          (p.lat < 0 ? Segment.south : 0) | (p.lng < 0 ? Segment.west : 0) | (limit.bit ? Segment.speedLimit : 0),
        ...limit.fields,
      }));
      return { msgId: 0x8606, body: { id, attr: 0, points: routePoints, name } };
    }
  }
}

/** The delete of one region from a terminal. */
export function deleteMessageOf(region: Pick<PushableRegion, 'id' | 'region_type'>): Jt808Message {
  return { msgId: deleteCommandOf(region.region_type), body: { ids: [region.id] } };
}
