/** What a GTFS feed becomes in Headway's terms (spec section 3), before it is written to the store. */

/** Spec route category: 0 two-way, 1 one-way loop, 2 two-way loop. */
export type LineCategory = 0 | 1 | 2;
/** Spec direction: 1 up (GTFS direction_id 0), 2 down (direction_id 1). */
export type Direction = 1 | 2;

export interface StationPlan {
  serial: number;
  stationName: string;
  stopId: string;
  /** Metres along the direction's shape, from projecting the stop onto it. */
  distance: number;
  /** Scheduled seconds from the origin on the most common pattern's median trip. */
  duration: number;
  /** Heading of the shape at the stop, 0–359. */
  azimuth: number;
  lng: number;
  lat: number;
}

export interface DirectionPlan {
  direction: Direction;
  origin: string;
  terminal: string;
  /** "HH:MM" of the first and last departure of the busiest service. */
  firstTime: string;
  lastTime: string;
  /** Metres, the shape length. */
  distance: number;
  /** Median minutes between departures of the busiest service. */
  intervals: number;
  stationCount: number;
  avgStationKm: number;
  shapeId: string;
  /** Spec path format: "lat,lng|lat,lng|…". */
  path: string;
  /** Trips of the direction on the main path (the stations' shape). */
  trips: number;
  /** The other paths the direction's trips take (branches, short turns), busiest first. */
  variants: VariantPlan[];
  stations: StationPlan[];
}

/** A path some trips of a direction take instead of the main one. Stations and serials stay the main pattern's. */
export interface VariantPlan {
  shapeId: string;
  /** Spec path format, like the main path. */
  path: string;
  trips: number;
  /** Metres, the shape length. */
  distance: number;
  /** Metres the path strays furthest from the main path: ~0 for a short turn on it, the branch's reach otherwise. */
  maxOffset: number;
}

export interface LinePlan {
  gtfsRouteId: string;
  routeCode: string;
  routeName: string;
  sortId: number;
  category: LineCategory;
  /** "#RRGGBB" for the path style. */
  color: string;
  directions: DirectionPlan[];
}

export interface BusStopPlan {
  stopId: string;
  stopName: string;
  stopCode: string;
  lng: number;
  lat: number;
  /** route_code of every line serving the stop. */
  routes: string[];
}

export interface ServicePlan {
  serviceId: string;
  /** Seven chars Monday first, "1" when the service runs that weekday. */
  weekdays: string;
  startDate: string;
  endDate: string;
  added: string[];
  removed: string[];
}

export interface DeparturePlan {
  tripId: string;
  routeCode: string;
  direction: Direction;
  serviceId: string;
  blockId: string;
  shapeId: string;
  headsign: string;
  /** Seconds after service-day midnight at the first and last stop (may pass 86400). */
  departureTime: number;
  arrivalTime: number;
  stopCount: number;
}

export interface DutyPlan {
  serviceId: string;
  blockId: string;
  /** The line the block spends most trips on: the vehicle's route binding. */
  routeCode: string;
  startTime: number;
  endTime: number;
  tripIds: string[];
}

export interface TransitPlan {
  company: { name: string; timezone: string; url: string };
  lines: LinePlan[];
  busStops: BusStopPlan[];
  services: ServicePlan[];
  departures: DeparturePlan[];
  duties: DutyPlan[];
  counts: { routes: number; stops: number; trips: number; stopTimes: number; shapes: number; blocks: number };
}
