/**
 * Areas and routes: 0x8600–0x8607 (JT/T 808 §8.39–8.46; reference §8) and the 2019 query 0x8608/0x0608. Optional fields follow the attribute bits
 * (time window, speed limit: @headway/spec AREA_ATTRIBUTE_BITS, ROUTE_ATTRIBUTE_BITS, ROUTE_SEGMENT_ATTRIBUTE_BITS);
 * 2019 adds a night speed limit and a WORD-prefixed name.
 * Coordinates are degrees (raw / 1e6), unsigned; the hemisphere is in the attribute's south/west bits.
 * Times are raw 12-digit BCD strings because `000000hhmmss` (a daily window) is legal here.
 */
import { AreaAttributeMask as Area, RouteSegmentAttributeMask as Segment } from '@headway/spec';
import type { Reader, Writer } from '../codec/bytes.ts';
import { CodecFault } from '../codec/errors.ts';
import type { BodyContext } from './codec.ts';
import { defineCodec } from './codec.ts';
import { readIdList, writeIdList } from './id-list.ts';

/** Optional tail shared by circle and rectangle areas. */
export interface AreaLimits {
  /** Present with the attribute's timeWindow bit. */
  start?: string;
  end?: string;
  /** Present with the attribute's speedLimit bit: km/h. */
  maxSpeed?: number;
  /** s */
  overspeedDuration?: number;
  /** 2019, with the speedLimit bit. */
  nightMaxSpeed?: number;
  /** 2019. */
  name?: string;
}

export interface CircleArea extends AreaLimits {
  id: number;
  /** AREA_ATTRIBUTE_BITS. */
  attr: number;
  lat: number;
  lng: number;
  /** m */
  radius: number;
}

export interface RectangleArea extends AreaLimits {
  id: number;
  attr: number;
  topLat: number;
  leftLng: number;
  bottomLat: number;
  rightLng: number;
}

/** 0x8600 set circle areas. */
export interface SetCircleAreas {
  /** 0 replace all, 1 append, 2 modify. */
  action: number;
  areas: CircleArea[];
}

/** 0x8602 set rectangle areas. */
export interface SetRectangleAreas {
  action: number;
  areas: RectangleArea[];
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** 0x8604 set polygon area (one per message). */
export interface SetPolygonArea extends AreaLimits {
  id: number;
  attr: number;
  vertices: LatLng[];
}

export interface RoutePoint {
  pointId: number;
  segmentId: number;
  lat: number;
  lng: number;
  /** Segment width, m. */
  width: number;
  /** ROUTE_SEGMENT_ATTRIBUTE_BITS. */
  segAttr: number;
  /** With the segment's driveTimeLimits bit: s. */
  tooLong?: number;
  tooShort?: number;
  /** With the segment's speedLimit bit. */
  maxSpeed?: number;
  overspeedDuration?: number;
  /** 2019, with the segment's speedLimit bit. */
  nightMaxSpeed?: number;
}

/** 0x8606 set route (one per message). */
export interface SetRoute {
  id: number;
  /** ROUTE_ATTRIBUTE_BITS: the time window and the alerts, at the area's positions. */
  attr: number;
  start?: string;
  end?: string;
  points: RoutePoint[];
  /** 2019. */
  name?: string;
}

/** 0x8601 / 0x8603 / 0x8605 / 0x8607 delete areas or routes; an empty list deletes all of that kind. */
export interface DeleteAreas {
  ids: number[];
}

const deg = (r: Reader): number => r.u32() / 1e6;
const putDeg = (w: Writer, v: number): void => {
  w.u32(Math.round(v * 1e6));
};

/** Start and end of a daily or dated window, present with the attribute's timeWindow bit (areas and routes alike). */
interface TimeWindow {
  start?: string;
  end?: string;
}

function readTime(r: Reader, a: TimeWindow, attr: number): void {
  if (attr & Area.timeWindow) {
    a.start = r.bcd(6);
    a.end = r.bcd(6);
  }
}

function writeTime(w: Writer, a: TimeWindow, attr: number): void {
  if (attr & Area.timeWindow) w.bcd(a.start ?? '', 6).bcd(a.end ?? '', 6);
}

/** A speed limit block: km/h WORD, overspeed duration BYTE and, in 2019, the night limit WORD. */
interface SpeedLimit {
  maxSpeed?: number;
  overspeedDuration?: number;
  nightMaxSpeed?: number;
}

function readSpeedLimit(r: Reader, a: SpeedLimit, ctx: BodyContext): void {
  a.maxSpeed = r.u16();
  a.overspeedDuration = r.u8();
  if (ctx.version === 2019) a.nightMaxSpeed = r.u16();
}

function writeSpeedLimit(w: Writer, a: SpeedLimit, ctx: BodyContext): void {
  w.u16(a.maxSpeed ?? 0).u8(a.overspeedDuration ?? 0);
  if (ctx.version === 2019) w.u16(a.nightMaxSpeed ?? 0);
}

/** Circle/rectangle tail: [timeWindow: times] [speedLimit: speed, duration, (2019) night speed] (2019) name. */
function readLimits(r: Reader, a: AreaLimits, attr: number, ctx: BodyContext): void {
  readTime(r, a, attr);
  if (attr & Area.speedLimit) readSpeedLimit(r, a, ctx);
  if (ctx.version === 2019) a.name = r.str16();
}

function writeLimits(w: Writer, a: AreaLimits, attr: number, ctx: BodyContext): void {
  writeTime(w, a, attr);
  if (attr & Area.speedLimit) writeSpeedLimit(w, a, ctx);
  if (ctx.version === 2019) w.str16(a.name ?? '');
}

/** An area of a 0x8600/0x8602 list as it stands on the wire: id, attribute, its geometry, then the limits. */
interface ListedArea extends AreaLimits {
  id: number;
  attr: number;
}

function readListedArea<A extends ListedArea>(
  r: Reader,
  ctx: BodyContext,
  readGeometry: (id: number, attr: number) => A,
): A {
  const id = r.u32();
  const attr = r.u16();
  const a = readGeometry(id, attr);
  readLimits(r, a, attr, ctx);
  return a;
}

function writeListedArea<A extends ListedArea>(w: Writer, a: A, ctx: BodyContext, writeGeometry: (a: A) => void): void {
  w.u32(a.id).u16(a.attr);
  writeGeometry(a);
  writeLimits(w, a, a.attr, ctx);
}

function readCircle(r: Reader, ctx: BodyContext): CircleArea {
  return readListedArea(r, ctx, (id, attr) => ({ id, attr, lat: deg(r), lng: deg(r), radius: r.u32() }));
}

function writeCircle(w: Writer, a: CircleArea, ctx: BodyContext): void {
  writeListedArea(w, a, ctx, () => {
    putDeg(w, a.lat);
    putDeg(w, a.lng);
    w.u32(a.radius);
  });
}

function readRectangle(r: Reader, ctx: BodyContext): RectangleArea {
  return readListedArea(r, ctx, (id, attr) => ({
    id,
    attr,
    topLat: deg(r),
    leftLng: deg(r),
    bottomLat: deg(r),
    rightLng: deg(r),
  }));
}

function writeRectangle(w: Writer, a: RectangleArea, ctx: BodyContext): void {
  writeListedArea(w, a, ctx, () => {
    putDeg(w, a.topLat);
    putDeg(w, a.leftLng);
    putDeg(w, a.bottomLat);
    putDeg(w, a.rightLng);
  });
}

/** 0x8600 / 0x8602 body: action BYTE, area count BYTE, areas. */
function readAreaList<A>(r: Reader, ctx: BodyContext, readArea: (r: Reader, ctx: BodyContext) => A) {
  const action = r.u8();
  const n = r.u8();
  const areas: A[] = [];
  for (let i = 0; i < n; i++) areas.push(readArea(r, ctx));
  return { action, areas };
}

function writeAreaList<A>(
  w: Writer,
  b: { action: number; areas: A[] },
  ctx: BodyContext,
  writeArea: (w: Writer, a: A, ctx: BodyContext) => void,
): void {
  w.u8(b.action).u8(b.areas.length);
  for (const a of b.areas) writeArea(w, a, ctx);
}

/** The whole 0x8604 body, also one item of a 0x0608 polygon answer. */
function readPolygon(r: Reader, ctx: BodyContext): SetPolygonArea {
  const id = r.u32();
  const attr = r.u16();
  const a: SetPolygonArea = { id, attr, vertices: [] };
  readTime(r, a, attr);
  if (attr & Area.speedLimit) {
    a.maxSpeed = r.u16();
    a.overspeedDuration = r.u8();
  }
  const n = r.u16();
  for (let i = 0; i < n; i++) a.vertices.push({ lat: deg(r), lng: deg(r) });
  // 2019 puts the night speed after the vertices (reference §8).
  if (ctx.version === 2019) {
    if (attr & Area.speedLimit) a.nightMaxSpeed = r.u16();
    a.name = r.str16();
  }
  return a;
}

function writePolygon(w: Writer, b: SetPolygonArea, ctx: BodyContext): void {
  w.u32(b.id).u16(b.attr);
  writeTime(w, b, b.attr);
  if (b.attr & Area.speedLimit) w.u16(b.maxSpeed ?? 0).u8(b.overspeedDuration ?? 0);
  w.u16(b.vertices.length);
  for (const v of b.vertices) {
    putDeg(w, v.lat);
    putDeg(w, v.lng);
  }
  if (ctx.version === 2019) {
    if (b.attr & Area.speedLimit) w.u16(b.nightMaxSpeed ?? 0);
    w.str16(b.name ?? '');
  }
}

/** The whole 0x8606 body, also one item of a 0x0608 route answer. */
function readRoute(r: Reader, ctx: BodyContext): SetRoute {
  const id = r.u32();
  const attr = r.u16();
  const route: SetRoute = { id, attr, points: [] };
  // Conditional on the timeWindow bit as for areas (SmallChi); yezhihao always writes them — reference §8 caveat.
  readTime(r, route, attr);
  const n = r.u16();
  for (let i = 0; i < n; i++) {
    const p: RoutePoint = {
      pointId: r.u32(),
      segmentId: r.u32(),
      lat: deg(r),
      lng: deg(r),
      width: r.u8(),
      segAttr: r.u8(),
    };
    if (p.segAttr & Segment.driveTimeLimits) {
      p.tooLong = r.u16();
      p.tooShort = r.u16();
    }
    if (p.segAttr & Segment.speedLimit) readSpeedLimit(r, p, ctx);
    route.points.push(p);
  }
  if (ctx.version === 2019) route.name = r.str16();
  return route;
}

function writeRoute(w: Writer, b: SetRoute, ctx: BodyContext): void {
  w.u32(b.id).u16(b.attr);
  writeTime(w, b, b.attr);
  w.u16(b.points.length);
  for (const p of b.points) {
    w.u32(p.pointId).u32(p.segmentId);
    putDeg(w, p.lat);
    putDeg(w, p.lng);
    w.u8(p.width).u8(p.segAttr);
    if (p.segAttr & Segment.driveTimeLimits) w.u16(p.tooLong ?? 0).u16(p.tooShort ?? 0);
    if (p.segAttr & Segment.speedLimit) writeSpeedLimit(w, p, ctx);
  }
  if (ctx.version === 2019) w.str16(b.name ?? '');
}

/** 0x8608 / 0x0608 query type: which kind of area the query and its answer are about. */
export const RegionQueryType = { circle: 1, rectangle: 2, polygon: 3, route: 4 } as const;

/** 0x8608 query areas or routes (2019): a DWORD count of ids, unlike the deletes' BYTE; no ids asks for all. */
export interface QueryRegions {
  /** RegionQueryType. */
  type: number;
  ids: number[];
}

/**
 * 0x0608 answer to 0x8608 (2019): what the terminal holds of the asked kind, each item laid out as one area of
 * 0x8600/0x8602 or the whole body of 0x8604/0x8606. It carries no reply flow id. The standard's table types the
 * items as DWORD while its text says "area or route data"; toggery/jt808 reads them as here, SmallChi as whole
 * 0x8600/0x8602 bodies (with action and count) — a terminal of that kind would not decode.
 */
export type RegionQueryAnswer =
  | { type: typeof RegionQueryType.circle; items: CircleArea[] }
  | { type: typeof RegionQueryType.rectangle; items: RectangleArea[] }
  | { type: typeof RegionQueryType.polygon; items: SetPolygonArea[] }
  | { type: typeof RegionQueryType.route; items: SetRoute[] };

function readItems<T>(r: Reader, ctx: BodyContext, readItem: (r: Reader, ctx: BodyContext) => T): T[] {
  const n = r.u32();
  const items: T[] = [];
  // A short first fragment holds only part of the list.
  for (let i = 0; i < n && !(ctx.partial && r.remaining === 0); i++) items.push(readItem(r, ctx));
  return items;
}

function writeItems<T>(
  w: Writer,
  items: T[],
  ctx: BodyContext,
  writeItem: (w: Writer, a: T, ctx: BodyContext) => void,
) {
  w.u32(items.length);
  for (const a of items) writeItem(w, a, ctx);
}

function readQueryAnswer(r: Reader, ctx: BodyContext): RegionQueryAnswer {
  const type = r.u8();
  switch (type) {
    case RegionQueryType.circle:
      return { type, items: readItems(r, ctx, readCircle) };
    case RegionQueryType.rectangle:
      return { type, items: readItems(r, ctx, readRectangle) };
    case RegionQueryType.polygon:
      return { type, items: readItems(r, ctx, readPolygon) };
    case RegionQueryType.route:
      return { type, items: readItems(r, ctx, readRoute) };
    default:
      throw new CodecFault('BAD_VALUE', `0x0608 query type ${type} is not 1–4`, 0);
  }
}

function writeQueryAnswer(w: Writer, b: RegionQueryAnswer, ctx: BodyContext): void {
  w.u8(b.type);
  switch (b.type) {
    case RegionQueryType.circle:
      writeItems(w, b.items, ctx, writeCircle);
      return;
    case RegionQueryType.rectangle:
      writeItems(w, b.items, ctx, writeRectangle);
      return;
    case RegionQueryType.polygon:
      writeItems(w, b.items, ctx, writePolygon);
      return;
    case RegionQueryType.route:
      writeItems(w, b.items, ctx, writeRoute);
      return;
  }
}

const deleteCodec = <K extends 0x8601 | 0x8603 | 0x8605 | 0x8607>(msgId: K, name: string) =>
  defineCodec(msgId, name, (r): DeleteAreas => readIdList(r), writeIdList);

export const regionCodecs = [
  defineCodec(
    0x8600,
    'set circle areas',
    (r, ctx): SetCircleAreas => readAreaList(r, ctx, readCircle),
    (w, b, ctx) => writeAreaList(w, b, ctx, writeCircle),
  ),
  deleteCodec(0x8601, 'delete circle areas'),
  defineCodec(
    0x8602,
    'set rectangle areas',
    (r, ctx): SetRectangleAreas => readAreaList(r, ctx, readRectangle),
    (w, b, ctx) => writeAreaList(w, b, ctx, writeRectangle),
  ),
  deleteCodec(0x8603, 'delete rectangle areas'),
  defineCodec(0x8604, 'set polygon area', readPolygon, writePolygon),
  deleteCodec(0x8605, 'delete polygon areas'),
  defineCodec(0x8606, 'set route', readRoute, writeRoute),
  deleteCodec(0x8607, 'delete routes'),
  defineCodec(
    0x8608,
    'query areas or routes',
    (r, ctx): QueryRegions => ({ type: r.u8(), ids: readItems(r, ctx, (r) => r.u32()) }),
    (w, b, ctx) => {
      w.u8(b.type);
      writeItems(w, b.ids, ctx, (w, id) => w.u32(id));
    },
  ),
  defineCodec(0x0608, 'query areas or routes answer', readQueryAnswer, writeQueryAnswer),
] as const;
