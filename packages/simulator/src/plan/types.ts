/** What a simulated vehicle drives: plain data, built from a GTFS feed (plan/from-feed.ts) or by a test. */

export interface PolylineData {
  lats: number[];
  lngs: number[];
  /** Cumulative metres at each point. */
  cum: number[];
}

export interface SimStop {
  stopId: string;
  /** Serial of the stop among the line direction's stations, 0 when the stop is not one (a short-turn variant). */
  serial: number;
  stationName: string;
  /** Metres along the trip's shape. */
  along: number;
  /** Scheduled epoch seconds. */
  arrival: number;
  departure: number;
}

export interface SimTrip {
  tripId: string;
  routeCode: string;
  /** Spec direction: 1 up, 2 down. */
  direction: 1 | 2;
  shape: PolylineData;
  stops: SimStop[];
}

/** A block (duty) of trips one vehicle runs in order. */
export interface SimDuty {
  blockId: string;
  serviceId: string;
  routeCode: string;
  trips: SimTrip[];
}
