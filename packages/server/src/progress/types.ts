/**
 * Inputs and outputs of the route-progress engine. The engine owns these small shapes so it does not depend on how
 * lines are stored; `adapter.ts` turns the GTFS importer's plan into them.
 */

/** Spec direction: 1 up, 2 down. */
export type Direction = 1 | 2;

/** Spec route category: 0 two-way, 1 one-way loop, 2 two-way loop. */
export type LineCategory = 0 | 1 | 2;

export interface StationGeometry {
  serial: number;
  name: string;
  /** Metres along the direction's path (the spec's station mileage, accumulating). */
  distance: number;
  lng: number;
  lat: number;
  /** Scheduled seconds from the origin, when a timetable is known; seeds the segment-time history. */
  duration?: number;
}

export interface DirectionGeometry {
  direction: Direction;
  /** WGS-84 [lng, lat] points in travel order. */
  path: [number, number][];
  /** Ordered by serial, distances non-decreasing. */
  stations: StationGeometry[];
  /**
   * Other paths trips of this direction take (GTFS shape variants: branches, short turns), [lng, lat] in travel
   * order. A vehicle on one of them is on its route, not deviating; stations and progress stay on `path`.
   */
  variants?: { path: [number, number][]; shapeId?: string; trips?: number }[];
}

export interface LineGeometry {
  routeCode: string;
  routeName?: string;
  category: LineCategory;
  directions: DirectionGeometry[];
}

/** One position report as the ingest sees it after decoding (JT/T 808 0x0200 terms). */
export interface PositionReport {
  lat: number;
  lng: number;
  /** km/h. */
  speed: number;
  /** 0–359, clockwise from north. */
  azimuth: number;
  /** Epoch seconds (the spec's `et`). */
  time: number;
  /** JT/T 808 status bits (spec section 4 state flag bits). */
  state: number;
}

/** Spec departure/arrival event, less the vehicle identity the ingest adds (imei, car_id, car_name). */
export interface StationEvent {
  routeCode: string;
  routeName: string;
  direction: Direction;
  serial: number;
  stationName: string;
  /** 1 arrival, 2 departure. */
  flag: 1 | 2;
  /** Epoch seconds, interpolated between the two reports either side of the zone boundary. */
  eventTime: number;
  /**
   * True when the crossing was interpolated over a gap longer than `gapSeconds` (device offline, tunnel): the
   * station was passed but the time is a guess.
   */
  estimated: boolean;
}

/** Route-deviation alarm transitions (warning bit 23): `start` on entry, `end` on exit. */
export interface DeviationEvent {
  kind: 'start' | 'end';
  time: number;
  /** Metres off the path at the report that decided it (Infinity when no path was within the search radius). */
  offset: number;
}

/** The spec's live `route` object inside real_data. */
export interface RouteRealData {
  code: string;
  dir: Direction;
  /** Serial of the last station reached. */
  sn: number;
  /** Arrival time at `sn` (epoch s, 0 unknown). */
  at: number;
  /** Departure time from `sn` (0 while still there). */
  dt: number;
  /** Planned departure from the origin and planned arrival at the terminal of the current trip (0 unknown). */
  pdt: number;
  pat: number;
  /** Departure from the origin: actual once left, else the estimate (planned time or now). */
  etd: number;
  /** Estimated arrival at the terminal. */
  eta: number;
  /** Metres to the next station. */
  dist: number;
}

/** Everything the engine knows about a vehicle after a report. */
export interface ProgressSnapshot {
  matched: boolean;
  direction: Direction;
  /** Metres along the direction's path (monotone within a trip, backward jitter suppressed). */
  along: number;
  /** Metres from the path at this report (Infinity when none was within the search radius). */
  offset: number;
  serial: number;
  nextSerial: number;
  nextStationName: string;
  distanceToNext: number;
  distanceToTerminal: number;
  /** 0–100, clamped. */
  percent: number;
  /** True while the vehicle sits inside the zone of `serial`. */
  atStation: boolean;
  deviating: boolean;
  /** On a variant path (branch) where it leaves the main one: on route, progress projected to the rejoin point. */
  onVariant: boolean;
  /** Parked at a terminal (or the origin) beyond the layover time. */
  layover: boolean;
  /** Epoch s at the next station and at the terminal. */
  etaNext: number;
  etaTerminal: number;
  route: RouteRealData;
}

export interface ProgressUpdate {
  snapshot: ProgressSnapshot;
  /** Arrival/departure events in time order; empty most of the time. */
  stationEvents: StationEvent[];
  deviation: DeviationEvent | null;
  /** Report state bits with bit 7 (deviation) set or cleared by the engine. */
  state: number;
  /** Warning bit 23 (route deviation) to OR into the report's warning bits while deviating. */
  warningMask: number;
}
