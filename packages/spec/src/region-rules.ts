import type { Label } from './labels.ts';

// Regions (product spec section 3 "Region", section 5 "Region name…", section 9 map constants; issue 15,
// docs/regions.md): kinds, use types and the input rules the server's region API and the console's fence selector
// share.

/** region_type: 0 POI (a marker), 1 circle, 2 rectangle, 3 polygon, 4 path (polyline corridor). */
export const REGION_TYPES = {
  0: { label: { en: 'Point of interest', zh: '兴趣点', th: 'จุดสนใจ' } },
  1: { label: { en: 'Circle', zh: '圆形', th: 'วงกลม' } },
  2: { label: { en: 'Rectangle', zh: '矩形', th: 'สี่เหลี่ยมผืนผ้า' } },
  3: { label: { en: 'Polygon', zh: '多边形', th: 'รูปหลายเหลี่ยม' } },
  4: { label: { en: 'Path', zh: '路线', th: 'เส้นทาง' } },
} as const satisfies { readonly [type: number]: { readonly label: Label } };

export type RegionType = keyof typeof REGION_TYPES;
export const RegionTypeCode = { poi: 0, circle: 1, rectangle: 2, polygon: 3, path: 4 } as const satisfies Record<
  string,
  RegionType
>;

/** use_type: what the place is for; enter/exit alarms of parking, charging and maintenance places mean more. */
export const REGION_USE_TYPES = {
  1: { label: { en: 'Parking (depot)', zh: '停车场', th: 'ที่จอดรถ (อู่)' } },
  2: { label: { en: 'Charging or gas station', zh: '充电站或加油站', th: 'สถานีชาร์จหรือปั๊มน้ำมัน' } },
  3: { label: { en: 'Maintenance', zh: '维修保养', th: 'ซ่อมบำรุง' } },
} as const satisfies { readonly [type: number]: { readonly label: Label } };

export type RegionUseType = keyof typeof REGION_USE_TYPES;
export const RegionUseTypeCode = { parking: 1, charging: 2, maintenance: 3 } as const satisfies Record<
  string,
  RegionUseType
>;

/** Spec section 5: name required, trimmed, at most 128; remark at most 255. */
export const REGION_NAME_MAX = 128;
export const REGION_REMARK_MAX = 255;

/** A circle drawn without a radius has this one, metres (spec "region_point … default radius 100"). */
export const REGION_DEFAULT_RADIUS_M = 100;

/** Corridor half-width of a path region when none is set, metres. */
export const REGION_DEFAULT_PATH_WIDTH_M = 50;

// Geofencing in the ingest (docs/regions.md "Geofencing"): hysteresis so a vehicle jittering on a border raises
// one event, not one per report (GPS noise on a bus is ±5–15 m; the band below is wider than twice that).

/** A vehicle enters only when this far inside the border, metres (shrunk for a region smaller than it). */
export const GEOFENCE_ENTER_MARGIN_M = 10;
/** A vehicle leaves only when this far outside the border, metres. */
export const GEOFENCE_EXIT_MARGIN_M = 20;
/** …on this many consecutive reports (one wild fix does not make a visit or end one). */
export const GEOFENCE_CONFIRM_REPORTS = 2;
