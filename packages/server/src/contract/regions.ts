import { REGION_NAME_MAX, REGION_REMARK_MAX } from '@headway/spec';
import { type Static, Type } from 'typebox';
import { PageQuery } from './lists.ts';

// Regions (spec "Region"; issue 15, docs/regions.md): /basic/region. The name and remark limits are checked after
// trimming by the route (spec section 5), so the schemas only bound the raw text.

/** 0 POI, 1 circle, 2 rectangle, 3 polygon, 4 path (@headway/spec REGION_TYPES). */
const RegionTypeField = Type.Integer({ minimum: 0, maximum: 4 });
/** 0 none, 1 parking, 2 charging or gas station, 3 maintenance (@headway/spec REGION_USE_TYPES). */
const UseTypeField = Type.Integer({ minimum: 0, maximum: 3 });
const RawName = Type.String({ maxLength: REGION_NAME_MAX * 4 });
/** Up to tens of thousands of points: a drawn corridor along a long line. */
const RegionPointText = Type.String({ maxLength: 1_000_000 });

export const RegionRow = Type.Object({
  id: Type.Integer(),
  region_name: Type.String(),
  region_type: Type.Integer(),
  use_type: Type.Integer(),
  /** `lat,lng` of the marker or the shape's centre, computed by the server from region_point. */
  center: Type.String(),
  center_lat: Type.Number(),
  center_lng: Type.Number(),
  is_share: Type.Integer(),
  img_url: Type.String(),
  /** Normal form: rectangle SW|NE, polygon without its closing point, circle `lat,lng,radius`. */
  region_point: Type.String(),
  /** JSON object text (corridor width `width`, alarm options; docs/regions.md). */
  region_option: Type.String(),
  remark: Type.String(),
  style: Type.String(),
  icon: Type.String(),
  /** User id of the creator; null once that user is deleted. */
  created_by: Type.Union([Type.Integer(), Type.Null()]),
  /** Account of the creator, '' once deleted. */
  created_by_account: Type.String(),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export type RegionRow = Static<typeof RegionRow>;

export const RegionFilter = Type.Object({
  region_type: Type.Optional(RegionTypeField),
  /** Part of the name, any case. */
  search: Type.Optional(Type.String({ maxLength: 128 })),
});
export type RegionFilter = Static<typeof RegionFilter>;

/** POST /basic/region/list. */
export const RegionListBody = Type.Intersect([PageQuery, Type.Object({ data: Type.Optional(RegionFilter) })]);
export type RegionListBody = Static<typeof RegionListBody>;

/** GET /basic/region: the same filter as query parameters. */
export const RegionListQuery = Type.Intersect([PageQuery, RegionFilter]);
export type RegionListQuery = Static<typeof RegionListQuery>;

const RegionFields = {
  region_name: RawName,
  region_type: RegionTypeField,
  use_type: Type.Optional(UseTypeField),
  is_share: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  img_url: Type.Optional(Type.String({ maxLength: 512 })),
  /** Required in effect: every type needs its shape (a POI its marker position). */
  region_point: Type.Optional(RegionPointText),
  region_option: Type.Optional(Type.String({ maxLength: 65_536 })),
  remark: Type.Optional(Type.String({ maxLength: REGION_REMARK_MAX * 4 })),
  style: Type.Optional(Type.String({ maxLength: 65_536 })),
  icon: Type.Optional(Type.String({ maxLength: 128 })),
};

export const CreateRegionBody = Type.Object(RegionFields);
export type CreateRegionBody = Static<typeof CreateRegionBody>;

/** A whole replacement: fields left out take their defaults, as on create. */
export const UpdateRegionBody = Type.Object({ id: Type.Integer({ minimum: 1 }), ...RegionFields });
export type UpdateRegionBody = Static<typeof UpdateRegionBody>;

/** `id` names the region being edited, whose own name does not count as taken. */
export const RegionValidatorQuery = Type.Object({
  region_name: RawName,
  id: Type.Optional(Type.Integer()),
});
export type RegionValidatorQuery = Static<typeof RegionValidatorQuery>;

/** GET /basic/region/validator/code: is this region_point a valid shape of this type? */
export const RegionPointValidatorQuery = Type.Object({
  region_type: RegionTypeField,
  region_point: RegionPointText,
});
export type RegionPointValidatorQuery = Static<typeof RegionPointValidatorQuery>;

/** The shape as it would be stored. */
export const RegionPointCheck = Type.Object({ region_point: Type.String(), center: Type.String() });
export type RegionPointCheck = Static<typeof RegionPointCheck>;

export const RegionExportQuery = Type.Intersect([
  RegionFilter,
  /** IANA zone for the time column; the company's (else UTC) when absent or unknown. */
  Type.Object({ time_zone: Type.Optional(Type.String({ maxLength: 64 })) }),
]);
export type RegionExportQuery = Static<typeof RegionExportQuery>;

/** GET /basic/region/visits: a region's visits, newest first (docs/regions.md "Visits"). */
export const RegionVisitsQuery = Type.Intersect([PageQuery, Type.Object({ region_id: Type.Integer({ minimum: 1 }) })]);
export type RegionVisitsQuery = Static<typeof RegionVisitsQuery>;

export const RegionVisitRow = Type.Object({
  id: Type.Integer(),
  region_id: Type.Integer(),
  /** null once the vehicle is deleted; terminal_phone still says who it was. */
  car_id: Type.Union([Type.Integer(), Type.Null()]),
  car_name: Type.String(),
  terminal_phone: Type.String(),
  /** Epoch seconds of the confirmed entry. */
  enter_time: Type.Integer(),
  /** null while the vehicle is still inside. */
  exit_time: Type.Union([Type.Integer(), Type.Null()]),
  /** Seconds inside: the closed visit's, or so far for an open one (at the time of the answer). */
  dwell_seconds: Type.Integer(),
});
export type RegionVisitRow = Static<typeof RegionVisitRow>;

/** GET /basic/region/shapes: every region the caller sees, just what a map draws (the maps' regions layer). */
export const RegionShapeRow = Type.Object({
  id: Type.Integer(),
  region_name: Type.String(),
  region_type: Type.Integer(),
  use_type: Type.Integer(),
  region_point: Type.String(),
  region_option: Type.String(),
  is_share: Type.Integer(),
});
export type RegionShapeRow = Static<typeof RegionShapeRow>;
