import type { AreaLimits, RegionQueryAnswer, RoutePoint } from '@headway/protocol';
import { AreaAttributeMask as Area, RouteSegmentAttributeMask as Segment } from '@headway/spec';
import type { HeldPoint, HeldRegionLimits, HeldRoutePoint, RegionQueryResult } from '../../contract/region-pushes.ts';

// A 0x0608 answer (what a 2019 terminal holds) as the API returns it: signed degrees from the wire's magnitudes and
// its south/west bits (the area's bits 6/7, a route point's segment bits 2/3), snake_case fields, absent limits left
// out rather than zeroed so "no speed limit" and "limit 0" stay apart.

function signed(lat: number, lng: number, south: boolean, west: boolean): HeldPoint {
  return { lat: south ? -lat : lat, lng: west ? -lng : lng };
}

function areaPoint(p: { lat: number; lng: number }, attr: number): HeldPoint {
  return signed(p.lat, p.lng, (attr & Area.south) !== 0, (attr & Area.west) !== 0);
}

function limitsOf(a: AreaLimits): HeldRegionLimits {
  const out: HeldRegionLimits = {};
  if (a.start !== undefined) out.start = a.start;
  if (a.end !== undefined) out.end = a.end;
  if (a.maxSpeed !== undefined) out.max_speed = a.maxSpeed;
  if (a.overspeedDuration !== undefined) out.overspeed_duration = a.overspeedDuration;
  if (a.nightMaxSpeed !== undefined) out.night_max_speed = a.nightMaxSpeed;
  return out;
}

function routePoint(p: RoutePoint): HeldRoutePoint {
  const out: HeldRoutePoint = {
    point_id: p.pointId,
    segment_id: p.segmentId,
    ...signed(p.lat, p.lng, (p.segAttr & Segment.south) !== 0, (p.segAttr & Segment.west) !== 0),
    width: p.width,
    seg_attr: p.segAttr,
  };
  if (p.tooLong !== undefined) out.too_long = p.tooLong;
  if (p.tooShort !== undefined) out.too_short = p.tooShort;
  if (p.maxSpeed !== undefined) out.max_speed = p.maxSpeed;
  if (p.overspeedDuration !== undefined) out.overspeed_duration = p.overspeedDuration;
  if (p.nightMaxSpeed !== undefined) out.night_max_speed = p.nightMaxSpeed;
  return out;
}

export function heldRegionsOf(answer: RegionQueryAnswer): RegionQueryResult {
  switch (answer.type) {
    case 1:
      return {
        type: 1,
        rows: answer.items.map((a) => ({
          id: a.id,
          name: a.name ?? '',
          attr: a.attr,
          ...areaPoint(a, a.attr),
          radius: a.radius,
          ...limitsOf(a),
        })),
      };
    case 2:
      return {
        type: 2,
        rows: answer.items.map((a) => ({
          id: a.id,
          name: a.name ?? '',
          attr: a.attr,
          top_left: areaPoint({ lat: a.topLat, lng: a.leftLng }, a.attr),
          bottom_right: areaPoint({ lat: a.bottomLat, lng: a.rightLng }, a.attr),
          ...limitsOf(a),
        })),
      };
    case 3:
      return {
        type: 3,
        rows: answer.items.map((a) => ({
          id: a.id,
          name: a.name ?? '',
          attr: a.attr,
          points: a.vertices.map((v) => areaPoint(v, a.attr)),
          ...limitsOf(a),
        })),
      };
    case 4:
      return {
        type: 4,
        rows: answer.items.map((r) => ({
          id: r.id,
          name: r.name ?? '',
          attr: r.attr,
          ...(r.start !== undefined && { start: r.start }),
          ...(r.end !== undefined && { end: r.end }),
          points: r.points.map(routePoint),
        })),
      };
  }
}
