/**
 * Areas and routes: 0x8600–0x8607 (JT/T 808 §8.39–8.46; reference §8). Optional fields follow the attribute bits
 * (b0 time window, b1 speed limit); 2019 adds a night speed limit and a WORD-prefixed name.
 * Coordinates are degrees (raw / 1e6), unsigned; hemisphere is in attribute bits 6/7 (segment bits 2/3).
 * Times are raw 12-digit BCD strings because `000000hhmmss` (a daily window) is legal here.
 */
import type { Reader, Writer } from '../codec/bytes.ts';
import type { BodyContext } from './codec.ts';
import { defineCodec } from './codec.ts';
import { readIdList, writeIdList } from './id-list.ts';

/** Optional tail shared by circle and rectangle areas. */
export interface AreaLimits {
  /** Present when attr bit 0 is set. */
  start?: string;
  end?: string;
  /** Present when attr bit 1 is set: km/h. */
  maxSpeed?: number;
  /** s */
  overspeedDuration?: number;
  /** 2019, with attr bit 1. */
  nightMaxSpeed?: number;
  /** 2019. */
  name?: string;
}

export interface CircleArea extends AreaLimits {
  id: number;
  /** b0 time, b1 speed, b2/b3 alarm driver/platform on entry, b4/b5 on exit, b6 south, b7 west, b8 no door opening, b14 close comms, b15 collect GNSS. */
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
  /** b0 drive-time limits, b1 speed limit, b2 south, b3 west. */
  segAttr: number;
  /** With segAttr bit 0: s. */
  tooLong?: number;
  tooShort?: number;
  /** With segAttr bit 1. */
  maxSpeed?: number;
  overspeedDuration?: number;
  /** 2019, with segAttr bit 1. */
  nightMaxSpeed?: number;
}

/** 0x8606 set route (one per message). */
export interface SetRoute {
  id: number;
  /** b0 time window, b2–b5 alarms as for areas. */
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

/** Start and end of a daily or dated window, present when bit 0 of the attribute is set. */
interface TimeWindow {
  start?: string;
  end?: string;
}

function readTime(r: Reader, a: TimeWindow, attr: number): void {
  if (attr & 1) {
    a.start = r.bcd(6);
    a.end = r.bcd(6);
  }
}

function writeTime(w: Writer, a: TimeWindow, attr: number): void {
  if (attr & 1) w.bcd(a.start ?? '', 6).bcd(a.end ?? '', 6);
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

/** Circle/rectangle tail: [b0 times] [b1 speed, duration, (2019) night speed] (2019) name. */
function readLimits(r: Reader, a: AreaLimits, attr: number, ctx: BodyContext): void {
  readTime(r, a, attr);
  if (attr & 2) readSpeedLimit(r, a, ctx);
  if (ctx.version === 2019) a.name = r.str16();
}

function writeLimits(w: Writer, a: AreaLimits, attr: number, ctx: BodyContext): void {
  writeTime(w, a, attr);
  if (attr & 2) writeSpeedLimit(w, a, ctx);
  if (ctx.version === 2019) w.str16(a.name ?? '');
}

/** An area of a 0x8600/0x8602 list as it stands on the wire: id, attribute, its geometry, then the limits. */
interface ListedArea extends AreaLimits {
  id: number;
  attr: number;
}

/** 0x8600 / 0x8602 body: action BYTE, area count BYTE, areas; `readGeometry` builds one area from id and attr. */
function readAreaList<A extends ListedArea>(
  r: Reader,
  ctx: BodyContext,
  readGeometry: (id: number, attr: number) => A,
): { action: number; areas: A[] } {
  const action = r.u8();
  const n = r.u8();
  const areas: A[] = [];
  for (let i = 0; i < n; i++) {
    const id = r.u32();
    const attr = r.u16();
    const a = readGeometry(id, attr);
    readLimits(r, a, attr, ctx);
    areas.push(a);
  }
  return { action, areas };
}

function writeAreaList<A extends ListedArea>(
  w: Writer,
  b: { action: number; areas: A[] },
  ctx: BodyContext,
  writeGeometry: (a: A) => void,
): void {
  w.u8(b.action).u8(b.areas.length);
  for (const a of b.areas) {
    w.u32(a.id).u16(a.attr);
    writeGeometry(a);
    writeLimits(w, a, a.attr, ctx);
  }
}

const deleteCodec = <K extends 0x8601 | 0x8603 | 0x8605 | 0x8607>(msgId: K, name: string) =>
  defineCodec(msgId, name, (r): DeleteAreas => readIdList(r), writeIdList);

export const regionCodecs = [
  defineCodec(
    0x8600,
    'set circle areas',
    (r, ctx): SetCircleAreas =>
      readAreaList(r, ctx, (id, attr): CircleArea => ({ id, attr, lat: deg(r), lng: deg(r), radius: r.u32() })),
    (w, b, ctx) =>
      writeAreaList(w, b, ctx, (a) => {
        putDeg(w, a.lat);
        putDeg(w, a.lng);
        w.u32(a.radius);
      }),
  ),
  deleteCodec(0x8601, 'delete circle areas'),
  defineCodec(
    0x8602,
    'set rectangle areas',
    (r, ctx): SetRectangleAreas =>
      readAreaList(
        r,
        ctx,
        (id, attr): RectangleArea => ({
          id,
          attr,
          topLat: deg(r),
          leftLng: deg(r),
          bottomLat: deg(r),
          rightLng: deg(r),
        }),
      ),
    (w, b, ctx) =>
      writeAreaList(w, b, ctx, (a) => {
        putDeg(w, a.topLat);
        putDeg(w, a.leftLng);
        putDeg(w, a.bottomLat);
        putDeg(w, a.rightLng);
      }),
  ),
  deleteCodec(0x8603, 'delete rectangle areas'),
  defineCodec(
    0x8604,
    'set polygon area',
    (r, ctx): SetPolygonArea => {
      const id = r.u32();
      const attr = r.u16();
      const a: SetPolygonArea = { id, attr, vertices: [] };
      readTime(r, a, attr);
      if (attr & 2) {
        a.maxSpeed = r.u16();
        a.overspeedDuration = r.u8();
      }
      const n = r.u16();
      for (let i = 0; i < n; i++) a.vertices.push({ lat: deg(r), lng: deg(r) });
      // 2019 puts the night speed after the vertices (reference §8).
      if (ctx.version === 2019) {
        if (attr & 2) a.nightMaxSpeed = r.u16();
        a.name = r.str16();
      }
      return a;
    },
    (w, b, ctx) => {
      w.u32(b.id).u16(b.attr);
      writeTime(w, b, b.attr);
      if (b.attr & 2) w.u16(b.maxSpeed ?? 0).u8(b.overspeedDuration ?? 0);
      w.u16(b.vertices.length);
      for (const v of b.vertices) {
        putDeg(w, v.lat);
        putDeg(w, v.lng);
      }
      if (ctx.version === 2019) {
        if (b.attr & 2) w.u16(b.nightMaxSpeed ?? 0);
        w.str16(b.name ?? '');
      }
    },
  ),
  deleteCodec(0x8605, 'delete polygon areas'),
  defineCodec(
    0x8606,
    'set route',
    (r, ctx): SetRoute => {
      const id = r.u32();
      const attr = r.u16();
      const route: SetRoute = { id, attr, points: [] };
      // Conditional on b0 as for areas (SmallChi); yezhihao always writes them — see reference §8 caveat.
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
        if (p.segAttr & 1) {
          p.tooLong = r.u16();
          p.tooShort = r.u16();
        }
        if (p.segAttr & 2) readSpeedLimit(r, p, ctx);
        route.points.push(p);
      }
      if (ctx.version === 2019) route.name = r.str16();
      return route;
    },
    (w, b, ctx) => {
      w.u32(b.id).u16(b.attr);
      writeTime(w, b, b.attr);
      w.u16(b.points.length);
      for (const p of b.points) {
        w.u32(p.pointId).u32(p.segmentId);
        putDeg(w, p.lat);
        putDeg(w, p.lng);
        w.u8(p.width).u8(p.segAttr);
        if (p.segAttr & 1) w.u16(p.tooLong ?? 0).u16(p.tooShort ?? 0);
        if (p.segAttr & 2) writeSpeedLimit(w, p, ctx);
      }
      if (ctx.version === 2019) w.str16(b.name ?? '');
    },
  ),
  deleteCodec(0x8607, 'delete routes'),
] as const;
