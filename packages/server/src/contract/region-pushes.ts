import type { CommandState } from '@headway/spec';
import { type Static, Type } from 'typebox';

// Regions on the terminals (issue 15 "Regions on the terminals", docs/regions.md): POST /basic/region/push and
// /unpush send a region to vehicles' terminals (0x8600–0x8607, area id = region id); GET /basic/region/pushes
// lists each vehicle's latest push of it.

/** POST /basic/region/push and /basic/region/unpush. */
export const RegionPushBody = Type.Object({
  region_id: Type.Integer({ minimum: 1 }),
  car_list: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }),
});
export type RegionPushBody = Static<typeof RegionPushBody>;

/** One vehicle's outcome of a push or unpush. */
export interface RegionPushOutcome {
  car_id: number;
  car_name: string;
  /** COMMAND_STATES: 2 acknowledged, 3 refused, 4 not reachable. */
  state: CommandState;
  /** The terminal's 0x0001 result byte, or 1101 when it did not answer. */
  result: number | null;
}

export interface RegionPushResult {
  rows: RegionPushOutcome[];
}

/** GET /basic/region/pushes?region_id= */
export const RegionPushesQuery = Type.Object({ region_id: Type.Integer({ minimum: 1 }) });
export type RegionPushesQuery = Static<typeof RegionPushesQuery>;

/** A vehicle's latest push of the region: a set (0x8600/02/04/06) or a delete (0x8601/03/05/07). */
export interface RegionPushRow {
  car_id: number;
  car_name: string;
  command: number;
  state: CommandState;
  result: number | null;
  account: string;
  send_time: number;
  reply_time: number | null;
}

/**
 * GET /jtt1078/region/qry?data={"imei","type","ids"?}: what a 2019 terminal holds (0x8608 → 0x0608). type 1 circle,
 * 2 rectangle, 3 polygon, 4 route; no ids (or an empty list) asks for every one of that kind.
 */
export const RegionQueryData = Type.Object({
  imei: Type.String({ minLength: 1, maxLength: 32 }),
  type: Type.Integer({ minimum: 1, maximum: 4 }),
  ids: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 0xffffffff }), { maxItems: 500 })),
});
export type RegionQueryData = Static<typeof RegionQueryData>;

/** Present with the attribute's time window bit: raw `yyMMddHHmmss` BCD (`000000HHmmss` is a daily window). */
export interface HeldRegionLimits {
  start?: string;
  end?: string;
  /** km/h, with the speed limit bit. */
  max_speed?: number;
  /** s */
  overspeed_duration?: number;
  /** 2019 */
  night_max_speed?: number;
}

/** Degrees, signed (south and west negative), from the wire's magnitudes and hemisphere bits. */
export interface HeldPoint {
  lat: number;
  lng: number;
}

interface HeldRegionBase extends HeldRegionLimits {
  /** Area or route id: the region id when Headway pushed it. */
  id: number;
  /** 2019 name; '' when the terminal sent none. */
  name: string;
  /** AREA_ATTRIBUTE_BITS / ROUTE_ATTRIBUTE_BITS as received. */
  attr: number;
}

export interface HeldCircle extends HeldRegionBase, HeldPoint {
  /** m */
  radius: number;
}

export interface HeldRectangle extends HeldRegionBase {
  top_left: HeldPoint;
  bottom_right: HeldPoint;
}

export interface HeldPolygon extends HeldRegionBase {
  points: HeldPoint[];
}

export interface HeldRoutePoint extends HeldPoint {
  point_id: number;
  segment_id: number;
  /** Segment width, m. */
  width: number;
  /** ROUTE_SEGMENT_ATTRIBUTE_BITS as received. */
  seg_attr: number;
  /** With the driving-time bit: s. */
  too_long?: number;
  too_short?: number;
  max_speed?: number;
  overspeed_duration?: number;
  night_max_speed?: number;
}

export interface HeldRoute extends Omit<HeldRegionBase, keyof HeldRegionLimits> {
  start?: string;
  end?: string;
  points: HeldRoutePoint[];
}

export type RegionQueryResult =
  | { type: 1; rows: HeldCircle[] }
  | { type: 2; rows: HeldRectangle[] }
  | { type: 3; rows: HeldPolygon[] }
  | { type: 4; rows: HeldRoute[] };
