import {
  AZIMUTH_MAX,
  AZIMUTH_MIN,
  DIRECTION_PATH_POINTS_MAX,
  DIRECTION_STATIONS_MAX,
  LINE_CODE_MAX,
  LINE_NAME_MAX,
  LINE_REMARK_MAX,
} from '@headway/spec';
import { type Static, Type } from 'typebox';
import { ListExportOptions, PageQuery } from './lists.ts';

// Basic data for lines (issue 14, docs/basic-data-lines.md, docs/api.md "Basic data: lines and stops"):
// /basic/routes, /basic/route/directions, /basic/route/stations and /basic/busstops, in the spec's field names.
// Names and remarks are bounded loosely here and checked after trimming by the routes (spec section 5), so a
// too-short name answers 1004 naming the field either way.

const RawName = Type.String({ maxLength: LINE_NAME_MAX * 4 });
const RawCode = Type.String({ maxLength: LINE_CODE_MAX * 4 });
const Remark = Type.String({ maxLength: LINE_REMARK_MAX * 4 });
const Clock = Type.String({ maxLength: 8 });
const Lat = Type.Number({ minimum: -90, maximum: 90 });
const Lng = Type.Number({ minimum: -180, maximum: 180 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** 0 two-way, 1 one-way loop, 2 two-way loop (LINE_CATEGORIES). */
const Category = Type.Integer({ minimum: 0, maximum: 2 });
/** 0 not opened, 10 opened, 20 outage (ROUTE_STATES). */
const RouteState = Type.Union([Type.Literal(0), Type.Literal(10), Type.Literal(20)]);
/** 0 all sites, 1 feeder, 2 section, 3 major station (TRAVEL_CATEGORIES). */
const Travel = Type.Integer({ minimum: 0, maximum: 3 });
const DirectionCode = Type.Union([Type.Literal(1), Type.Literal(2)]);

export const LineStyleSchema = Type.Object({
  strokeColor: Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' }),
  strokeWeight: Type.Number({ minimum: 1, maximum: 20 }),
  strokeOpacity: Type.Number({ minimum: 0, maximum: 1 }),
});

// ---- rows ----

export const RouteRow = Type.Object({
  id: Type.Integer(),
  /** Same as id: the spec's name for it. */
  route_id: Type.Integer(),
  route_code: Type.String(),
  route_name: Type.String(),
  sort_id: Type.Integer(),
  category: Type.Integer(),
  state: Type.Integer(),
  fleet_id: Nullable(Type.Integer()),
  fleet_name: Type.String(),
  trunk: Type.Integer(),
  travel: Type.Integer(),
  open_time: Type.String(),
  stop_time: Type.String(),
  ticket: Type.String(),
  remark: Type.String(),
  color: Type.String(),
  /** Directions stored, and how many of them passed the route check when saved. */
  direction_count: Type.Integer(),
  checked_count: Type.Integer(),
  /** Vehicles and staff bound to the line (a bound line cannot be deleted). */
  vehicle_count: Type.Integer(),
  employee_count: Type.Integer(),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export type RouteRow = Static<typeof RouteRow>;

export const StationRow = Type.Object({
  id: Type.Integer(),
  route_id: Type.Integer(),
  route_code: Type.String(),
  route_name: Type.String(),
  direction: Type.Integer(),
  serial: Type.Integer(),
  station_name: Type.String(),
  abridge: Type.String(),
  flag: Type.Integer(),
  azimuth: Type.Integer(),
  /** Mileage from the direction's start, metres. */
  distance: Type.Integer(),
  /** Scheduled seconds from the origin (0 unknown). */
  duration: Type.Integer(),
  stop_id: Type.String(),
  is_opposite: Type.Integer(),
  lng: Type.Number(),
  lat: Type.Number(),
});
export type StationRow = Static<typeof StationRow>;

export const DirectionRow = Type.Object({
  id: Type.Integer(),
  route_id: Type.Integer(),
  direction: Type.Integer(),
  origin: Type.String(),
  terminal: Type.String(),
  first_time: Type.String(),
  last_time: Type.String(),
  /** Total mileage, metres: the largest station mileage. */
  distance: Type.Integer(),
  intervals: Type.Integer(),
  price: Type.Number(),
  avg_station_km: Type.Number(),
  station_count: Type.Integer(),
  is_actived: Type.Integer(),
  is_checked: Type.Integer(),
  /** Spec path text `lat,lng|lat,lng|…` (6 decimals), '' when none is drawn. */
  path: Type.String(),
  style: LineStyleSchema,
});
export type DirectionRow = Static<typeof DirectionRow>;

export const DirectionDetail = Type.Intersect([DirectionRow, Type.Object({ stations: Type.Array(StationRow) })]);
export type DirectionDetail = Static<typeof DirectionDetail>;

export const RouteDetail = Type.Intersect([RouteRow, Type.Object({ directions: Type.Array(DirectionDetail) })]);
export type RouteDetail = Static<typeof RouteDetail>;

export const RouteCheckFailureRow = Type.Object({
  code: Type.Integer({ minimum: 1, maximum: 7 }),
  direction: Type.Optional(Type.Integer()),
  serial: Type.Optional(Type.Integer()),
  /** The failure's wording in the caller's language. */
  text: Type.String(),
});
export type RouteCheckFailureRow = Static<typeof RouteCheckFailureRow>;

export const BusStopRow = Type.Object({
  id: Type.Integer(),
  stop_id: Type.String(),
  stop_name: Type.String(),
  stop_code: Type.String(),
  title: Type.String(),
  code: Type.String(),
  state: Type.Integer(),
  address: Type.String(),
  icon: Type.String(),
  is_share: Type.Integer(),
  open_time: Type.String(),
  lng: Type.Number(),
  lat: Type.Number(),
  /** route_code of the lines that stop there, comma-separated. */
  routes: Type.String(),
});
export type BusStopRow = Static<typeof BusStopRow>;

/** GET /basic/routes/own: what a line picker needs. */
export const OwnRouteRow = Type.Object({
  route_id: Type.Integer(),
  route_code: Type.String(),
  route_name: Type.String(),
  category: Type.Integer(),
  state: Type.Integer(),
});
export type OwnRouteRow = Static<typeof OwnRouteRow>;

/** GET /basic/routes/tree: lines with their directions as children. */
export const RouteTreeNode = Type.Object({
  key: Type.String(),
  title: Type.String(),
  route_id: Type.Integer(),
  route_code: Type.String(),
  direction: Type.Optional(Type.Integer()),
  children: Type.Optional(
    Type.Array(
      Type.Object({
        key: Type.String(),
        title: Type.String(),
        route_id: Type.Integer(),
        route_code: Type.String(),
        direction: Type.Integer(),
        station_count: Type.Integer(),
      }),
    ),
  ),
});
export type RouteTreeNode = Static<typeof RouteTreeNode>;

/** GET /basic/busstops/routes: the lines stopping at a bus stop. */
export const StopRouteRow = Type.Object({
  route_id: Type.Integer(),
  route_code: Type.String(),
  route_name: Type.String(),
  direction: Type.Integer(),
  serial: Type.Integer(),
});
export type StopRouteRow = Static<typeof StopRouteRow>;

// ---- inputs ----

export const StationInput = Type.Object({
  station_name: RawName,
  abridge: Type.Optional(Type.String({ maxLength: 64 })),
  flag: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  azimuth: Type.Integer({ minimum: AZIMUTH_MIN, maximum: AZIMUTH_MAX }),
  distance: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  duration: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400 })),
  /** The bus stop the station is; absent or '' makes (or reuses) a bus stop at that place. */
  stop_id: Type.Optional(Type.String({ maxLength: 64 })),
  is_opposite: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  lng: Lng,
  lat: Lat,
});
export type StationInput = Static<typeof StationInput>;

export const DirectionInput = Type.Object({
  direction: DirectionCode,
  /** Default: the first and last station's names. */
  origin: Type.Optional(RawName),
  terminal: Type.Optional(RawName),
  first_time: Type.Optional(Clock),
  last_time: Type.Optional(Clock),
  distance: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  intervals: Type.Optional(Type.Integer({ minimum: 0, maximum: 1440 })),
  price: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
  avg_station_km: Type.Number({ minimum: 0 }),
  is_actived: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  path: Type.String({ maxLength: DIRECTION_PATH_POINTS_MAX * 24 }),
  style: Type.Optional(LineStyleSchema),
  stations: Type.Array(StationInput, { maxItems: DIRECTION_STATIONS_MAX }),
});
export type DirectionInput = Static<typeof DirectionInput>;

const RouteFields = {
  route_code: RawCode,
  route_name: RawName,
  sort_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  category: Category,
  state: Type.Optional(RouteState),
  fleet_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  trunk: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  travel: Type.Optional(Travel),
  open_time: Type.Optional(Clock),
  stop_time: Type.Optional(Clock),
  ticket: Type.Optional(Type.String({ maxLength: 64 })),
  remark: Type.Optional(Remark),
  color: Type.Optional(Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' })),
  /** With directions the whole line is checked (failures 1–7) and its directions replaced in one transaction. */
  directions: Type.Optional(Type.Array(DirectionInput, { maxItems: 2 })),
};

export const CreateRouteBody = Type.Object(RouteFields);
export type CreateRouteBody = Static<typeof CreateRouteBody>;
export const UpdateRouteBody = Type.Object({ id: Type.Integer({ minimum: 1 }), ...RouteFields });
export type UpdateRouteBody = Static<typeof UpdateRouteBody>;

export const RouteFilter = Type.Object({
  /** Part of the code or the name, any case. */
  search: Type.Optional(Type.String({ maxLength: 128 })),
  category: Type.Optional(Category),
  state: Type.Optional(RouteState),
  travel: Type.Optional(Travel),
  fleet_id: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type RouteFilter = Static<typeof RouteFilter>;
export const RouteListQuery = Type.Intersect([PageQuery, RouteFilter]);
export type RouteListQuery = Static<typeof RouteListQuery>;

export const RouteExportQuery = Type.Intersect([RouteFilter, ListExportOptions]);
export type RouteExportQuery = Static<typeof RouteExportQuery>;

/** `id`: the line being edited, whose own code and name do not count as taken. */
export const RouteValidatorQuery = Type.Object({
  route_code: Type.Optional(RawCode),
  route_name: Type.Optional(RawName),
  id: Type.Optional(Type.Integer()),
});
export type RouteValidatorQuery = Static<typeof RouteValidatorQuery>;

export const RouteDirectionQuery = Type.Object({
  route_id: Type.Integer({ minimum: 1 }),
  direction: Type.Optional(DirectionCode),
});
export type RouteDirectionQuery = Static<typeof RouteDirectionQuery>;

export const DirectionBody = Type.Intersect([Type.Object({ route_id: Type.Integer({ minimum: 1 }) }), DirectionInput]);
export type DirectionBody = Static<typeof DirectionBody>;

export const StationFilter = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 128 })),
  route_id: Type.Optional(Type.Integer({ minimum: 1 })),
  direction: Type.Optional(DirectionCode),
});
export type StationFilter = Static<typeof StationFilter>;
export const StationListQuery = Type.Intersect([PageQuery, StationFilter]);
export type StationListQuery = Static<typeof StationListQuery>;
export const StationExportQuery = Type.Intersect([StationFilter, ListExportOptions]);
export type StationExportQuery = Static<typeof StationExportQuery>;

/** PUT /basic/route/stations: a station's own fields; where it is on the line changes through its direction. */
export const UpdateStationBody = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  station_name: RawName,
  abridge: Type.Optional(Type.String({ maxLength: 64 })),
  flag: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  azimuth: Type.Optional(Type.Integer({ minimum: AZIMUTH_MIN, maximum: AZIMUTH_MAX })),
  duration: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400 })),
});
export type UpdateStationBody = Static<typeof UpdateStationBody>;

/** PUT /basic/route/stations/opposite: mark stations as served on the opposite side of the road (or not). */
export const OppositeBody = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: DIRECTION_STATIONS_MAX * 2 }),
  is_opposite: Type.Integer({ minimum: 0, maximum: 1 }),
});
export type OppositeBody = Static<typeof OppositeBody>;

/** POST /basic/route/stations/azimuth/batch: each station's azimuth recomputed from its direction's path. */
export const AzimuthBatchBody = Type.Object({
  route_id: Type.Integer({ minimum: 1 }),
  direction: Type.Optional(DirectionCode),
});
export type AzimuthBatchBody = Static<typeof AzimuthBatchBody>;

const StopFields = {
  stop_name: RawName,
  /** Absent: the next free number (get-max-stop). */
  stop_code: Type.Optional(RawCode),
  title: Type.Optional(Type.String({ maxLength: 128 })),
  code: Type.Optional(Type.String({ maxLength: 64 })),
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  address: Type.Optional(Remark),
  icon: Type.Optional(Type.String({ maxLength: 128 })),
  is_share: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  open_time: Type.Optional(Clock),
  lng: Lng,
  lat: Lat,
};
export const CreateBusStopBody = Type.Object(StopFields);
export type CreateBusStopBody = Static<typeof CreateBusStopBody>;
export const UpdateBusStopBody = Type.Object({ id: Type.Integer({ minimum: 1 }), ...StopFields });
export type UpdateBusStopBody = Static<typeof UpdateBusStopBody>;

export const BusStopFilter = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 128 })),
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  /** Stops of one line. */
  route_code: Type.Optional(Type.String({ maxLength: LINE_CODE_MAX * 4 })),
});
export type BusStopFilter = Static<typeof BusStopFilter>;
export const BusStopListQuery = Type.Intersect([PageQuery, BusStopFilter]);
export type BusStopListQuery = Static<typeof BusStopListQuery>;
export const BusStopExportQuery = Type.Intersect([BusStopFilter, ListExportOptions]);
export type BusStopExportQuery = Static<typeof BusStopExportQuery>;

export const BusStopValidatorQuery = Type.Object({
  stop_code: Type.Optional(RawCode),
  stop_name: Type.Optional(RawName),
  id: Type.Optional(Type.Integer()),
});
export type BusStopValidatorQuery = Static<typeof BusStopValidatorQuery>;

/** What a validator answers when the value is taken (code 1106): the "{0} [{1}] already exists" text filled. */
export const DuplicateDetail = Type.Object({ field: Type.String(), value: Type.String(), message: Type.String() });
export type DuplicateDetail = Static<typeof DuplicateDetail>;
