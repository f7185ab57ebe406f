/** The parts of a GTFS schedule feed Headway uses, already validated and typed. */

export interface GtfsAgency {
  agencyId: string;
  name: string;
  timezone: string;
  url: string;
}

export interface GtfsRoute {
  routeId: string;
  agencyId: string;
  shortName: string;
  longName: string;
  desc: string;
  type: number;
  color: string;
  textColor: string;
}

export interface GtfsStop {
  stopId: string;
  code: string;
  name: string;
  lat: number;
  lng: number;
}

/** A shape polyline with the cumulative distance in metres at each point. */
export interface GtfsShape {
  shapeId: string;
  lats: number[];
  lngs: number[];
  cum: number[];
}

export interface GtfsTrip {
  tripId: string;
  routeId: string;
  serviceId: string;
  /** GTFS direction_id (0 or 1); null when the feed leaves it out. */
  directionId: 0 | 1 | null;
  blockId: string;
  shapeId: string;
  headsign: string;
  /** Stop ids in stop_sequence order. */
  stopIds: string[];
  /** Seconds after the service day's noon-minus-12h; past 24:00:00 for trips after midnight, as GTFS allows. */
  arrivals: number[];
  departures: number[];
}

export interface GtfsService {
  serviceId: string;
  /** Monday first, as in calendar.txt. */
  days: boolean[];
  startDate: string;
  endDate: string;
  added: string[];
  removed: string[];
}

export interface GtfsFeed {
  agencies: GtfsAgency[];
  routes: Map<string, GtfsRoute>;
  stops: Map<string, GtfsStop>;
  shapes: Map<string, GtfsShape>;
  trips: Map<string, GtfsTrip>;
  services: Map<string, GtfsService>;
  stopTimeCount: number;
}
