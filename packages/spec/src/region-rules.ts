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

// Showing a circle (spec section 9 "circle zoom thresholds by radius from 960000 m down to 1000 m map to zoom 3 to
// 14, finer 16 and 20 in fence selector"): each halving of the radius is one zoom step in, so the circle fills
// about the same share of the view; docs/regions.md "The console".

/** [smallest radius in metres, zoom]: the first row the radius reaches gives the zoom; smaller than all is 14. */
export const REGION_CIRCLE_ZOOMS: readonly (readonly [radius: number, zoom: number])[] = [
  [960_000, 3],
  [480_000, 4],
  [240_000, 5],
  [120_000, 6],
  [60_000, 7],
  [30_000, 8],
  [15_000, 9],
  [8_000, 10],
  [4_000, 11],
  [2_000, 12],
  [1_000, 13],
];
export const REGION_CIRCLE_MAX_ZOOM = 14;
/** The fence selector looks closer at small places: under 500 m zoom 16, under 50 m zoom 20. */
export const REGION_SELECTOR_FINE_ZOOMS: readonly (readonly [below: number, zoom: number])[] = [
  [50, 20],
  [500, 16],
];

/** The zoom that frames a circle of this radius; `fine` adds the fence selector's closer steps. */
export function regionCircleZoom(radius: number, fine = false): number {
  if (fine) {
    for (const [below, zoom] of REGION_SELECTOR_FINE_ZOOMS) if (radius < below) return zoom;
  }
  for (const [reach, zoom] of REGION_CIRCLE_ZOOMS) if (radius >= reach) return zoom;
  return REGION_CIRCLE_MAX_ZOOM;
}

/**
 * The fence selector's coordinate search box (spec section 5): `lat,lng`, both plain numbers, lat −90…90 and lng
 * −180…180; anything else is ignored (null), never an error.
 */
export function parseCoordinateSearch(text: string): { lat: number; lng: number } | null {
  const parts = text.split(',');
  if (parts.length !== 2) return null;
  const [lat, lng] = parts.map((p) => {
    const trimmed = p.trim();
    return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  }) as [number, number];
  if (!(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180)) return null;
  return { lat, lng };
}
