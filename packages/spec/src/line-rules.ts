import type { Label } from './labels.ts';

// Lines (spec "Route"), their directions, stations and bus stops (product spec sections 3, 4, 5 and 9; issue 14,
// docs/basic-data-lines.md): the codes, limits and checks the server's /basic/routes API and the console's line
// editor share. The geometry they check with is line-geometry.ts.

// Route categories (0 two-way, 1 one-way loop, 2 two-way loop) are LINE_CATEGORIES of line-map-rules.ts.

/** Route state (spec section 4). */
export const ROUTE_STATES = {
  0: { label: { en: 'Not opened', zh: '未开通', th: 'ยังไม่เปิด' } },
  10: { label: { en: 'Opened', zh: '已开通', th: 'เปิดให้บริการ' } },
  20: { label: { en: 'Outage', zh: '停运', th: 'หยุดให้บริการ' } },
} as const satisfies { readonly [code: number]: { readonly label: Label } };
export type RouteStateCode = keyof typeof ROUTE_STATES;

/** Travel category (spec section 4). */
export const TRAVEL_CATEGORIES = {
  0: { label: { en: 'All sites', zh: '全程', th: 'ทุกป้าย' } },
  1: { label: { en: 'Feeder', zh: '支线', th: 'สายป้อน' } },
  2: { label: { en: 'Section', zh: '区间', th: 'ช่วง' } },
  3: { label: { en: 'Major station', zh: '大站', th: 'สถานีหลัก' } },
} as const satisfies { readonly [code: number]: { readonly label: Label } };
export type TravelCategoryCode = keyof typeof TRAVEL_CATEGORIES;

/** Line direction (spec section 4 "direction 1/2"). */
export const LINE_DIRECTIONS = {
  1: { label: { en: 'Up', zh: '上行', th: 'ขาไป' } },
  2: { label: { en: 'Down', zh: '下行', th: 'ขากลับ' } },
} as const satisfies { readonly [code: number]: { readonly label: Label } };
export type LineDirectionCode = keyof typeof LINE_DIRECTIONS;

/** Bus stop state: in use or disabled (the spec lists `state` without values; docs/basic-data-lines.md). */
export const BUS_STOP_STATES = {
  0: { label: { en: 'In use', zh: '启用', th: 'ใช้งาน' } },
  1: { label: { en: 'Disabled', zh: '停用', th: 'ปิดใช้งาน' } },
} as const satisfies { readonly [code: number]: { readonly label: Label } };
export type BusStopStateCode = keyof typeof BUS_STOP_STATES;

/** Which directions a category must have: a one-way loop runs up only. */
export function requiredDirections(category: number): LineDirectionCode[] {
  return category === 1 ? [1] : [1, 2];
}

// Generic rules (spec section 5): names 3–64, remarks at most 255; codes are identifiers people type.
export const LINE_NAME_MIN = 3;
export const LINE_NAME_MAX = 64;
export const LINE_REMARK_MAX = 255;
export const LINE_CODE_MAX = 32;
/** Route codes and stop codes: letters, digits, dash, underscore and dot (they appear in file names and GTFS). */
export const LINE_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const AZIMUTH_MIN = 0;
export const AZIMUTH_MAX = 359;
/** Spec section 9: coordinates carry 6 decimals (about 0.1 m). */
export const COORDINATE_DECIMALS = 6;
/** "HH:MM" (first and last departure, opening hours). */
export const CLOCK_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
/** Stations one direction may hold; a path's points. Far above any real line, a bound on what one save writes. */
export const DIRECTION_STATIONS_MAX = 500;
export const DIRECTION_PATH_POINTS_MAX = 20_000;
/**
 * A station farther than this from its direction's path is a "direction point error" (check failure 6): the stop
 * is not on the road the buses take, so route progress could never reach it. 100 m covers a stop across a wide
 * road or in a bay.
 */
export const STATION_PATH_TOLERANCE_M = 100;

/** Spec section 9 "route default stroke red weight 3 opacity 0.5". */
export const LINE_DEFAULT_STYLE = { strokeColor: '#FF0000', strokeWeight: 3, strokeOpacity: 0.5 } as const;
export interface LineStyle {
  strokeColor: string;
  strokeWeight: number;
  strokeOpacity: number;
}

/** Spec section 5 "route check failures 1-7", by number. */
export const ROUTE_CHECK_FAILURES = {
  1: { label: { en: 'Empty', zh: '数据为空', th: 'ไม่มีข้อมูล' } },
  2: { label: { en: 'Incomplete', zh: '数据不完整', th: 'ข้อมูลไม่ครบ' } },
  3: { label: { en: 'Fewer than 2 stations', zh: '站点少于2个', th: 'มีสถานีน้อยกว่า 2 แห่ง' } },
  4: { label: { en: 'Total mileage error', zh: '总里程错误', th: 'ระยะทางรวมไม่ถูกต้อง' } },
  5: { label: { en: 'Station distance error', zh: '站距错误', th: 'ระยะระหว่างสถานีไม่ถูกต้อง' } },
  6: { label: { en: 'Direction point error', zh: '方向点位错误', th: 'ตำแหน่งจุดของทิศทางไม่ถูกต้อง' } },
  7: { label: { en: 'Average distance error', zh: '平均站距错误', th: 'ระยะเฉลี่ยระหว่างสถานีไม่ถูกต้อง' } },
} as const satisfies { readonly [code: number]: { readonly label: Label } };
export type RouteCheckCode = keyof typeof ROUTE_CHECK_FAILURES;

/** Why a line or a bus stop cannot be deleted ({0} vehicles, {1} staff / {0} lines). */
export const LINE_BOUND: Label = {
  en: 'The line is used by {0} vehicles and {1} staff: move them to another line first',
  zh: '该线路绑定了 {0} 辆车和 {1} 名员工，请先将其调整到其他线路',
  th: 'สายนี้มีรถ {0} คันและพนักงาน {1} คนผูกอยู่ กรุณาย้ายไปสายอื่นก่อน',
};
export const STOP_BOUND: Label = {
  en: 'The bus stop is a station of {0} lines: remove it from them first',
  zh: '该站点被 {0} 条线路使用，请先从线路中移除',
  th: 'ป้ายนี้เป็นสถานีของ {0} สาย กรุณานำออกจากสายเหล่านั้นก่อน',
};

/** `{0}`, `{1}`… replaced in order. */
export function fillLabel(text: string, ...values: (string | number)[]): string {
  return text.replace(/\{(\d+)\}/g, (whole, i: string) => {
    const value = values[Number(i)];
    return value === undefined ? whole : String(value);
  });
}

/** A coordinate rounded to the spec's 6 decimals. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 10 ** COORDINATE_DECIMALS) / 10 ** COORDINATE_DECIMALS;
}

/** Average station distance in km (3 decimals): the direction's length over its station gaps. */
export function averageStationKm(distance: number, stationCount: number): number {
  if (stationCount < 2) return 0;
  return Math.round(distance / (stationCount - 1)) / 1000;
}

/** The fields a duplicate is reported on, as "{0}" of ALREADY_EXISTS. */
export const LINE_FIELD_LABELS = {
  route_code: { en: 'Route code', zh: '线路编号', th: 'รหัสสาย' },
  route_name: { en: 'Route name', zh: '线路名称', th: 'ชื่อสาย' },
  stop_code: { en: 'Stop code', zh: '站点编号', th: 'รหัสป้าย' },
  stop_name: { en: 'Stop name', zh: '站点名称', th: 'ชื่อป้าย' },
  direction: { en: 'Direction', zh: '方向', th: 'ทิศทาง' },
} as const satisfies Record<string, Label>;
export type LineField = keyof typeof LINE_FIELD_LABELS;

/** Names of bus stops and stations: 1–64 (a Chinese stop is often two characters, so the 3 of route names is not asked). */
export const STOP_NAME_MAX = 64;
/** Placing a station where a bus stop of the same name already stands (within this many metres) reuses that stop. */
export const STOP_REUSE_RADIUS_M = 30;
