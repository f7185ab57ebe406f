import { TRAFFIC_STATUS_CODES, type TrafficStatus } from '@headway/spec';
import { type Static, Type } from 'typebox';

// Line map contract (issue 12, docs/line-map.md, docs/api.md "Line map"): station traffic states (spec section 3
// "Station traffic status", section 9 "Set station traffic status"), the line's timetable for a day, and
// Headway's live headways (beyond the spec). Stations and paths come from GET /basic/routes/own (OwnLine).

/** POST / PUT /dispatch/traffic: `key` is the station id (OwnLineStation.id). */
export const TrafficBody = Type.Object({
  key: Type.Integer({ minimum: 1 }),
  // An enum schema typed as the spec's codes: a union built from the array would type as `never`.
  traffic_status: Type.Unsafe<TrafficStatus>({ type: 'integer', enum: [...TRAFFIC_STATUS_CODES] }),
});
export type TrafficBody = Static<typeof TrafficBody>;

export const TrafficQuery = Type.Object({ route_code: Type.String({ minLength: 1, maxLength: 64 }) });
export type TrafficQuery = Static<typeof TrafficQuery>;

/** GET /dispatch/traffic?route_code=: every station of the line with its state (0 when never set). */
export interface TrafficRow {
  key: number;
  route_code: string;
  direction: number;
  serial: number;
  station_name: string;
  traffic_status: number;
  /** Epoch seconds of the last change; null when never set. */
  updated_at: number | null;
  /** Account that set it; '' when never set. */
  updated_by: string;
}

/** Live channel: `{cmd: 'traffic', data: TrafficChange}` to every console of the company. */
export interface TrafficChange {
  key: number;
  route_code: string;
  traffic_status: number;
  updated_at: number;
}

export const TimetableQuery = Type.Object({
  route_code: Type.String({ minLength: 1, maxLength: 64 }),
  /** YYYYMMDD in the company's time zone; default today. */
  date: Type.Optional(Type.String({ pattern: '^[0-9]{8}$' })),
});
export type TimetableQuery = Static<typeof TimetableQuery>;

export interface TimetableDeparture {
  trip_id: string;
  block_id: string;
  headsign: string;
  /** Seconds after the service day's midnight (GTFS: may exceed 24 h). */
  departure_time: number;
  arrival_time: number;
}

/** GET /dispatch/timetable: the day's departures from the GTFS timetable (plans replace it when scheduling lands). */
export interface Timetable {
  route_code: string;
  date: string;
  /** The company's IANA zone the service day is counted in (companies.config.time_zone, else UTC). */
  time_zone: string;
  directions: { direction: number; departures: TimetableDeparture[] }[];
}

export const HeadwayQuery = Type.Object({ route_code: Type.String({ minLength: 1, maxLength: 64 }) });
export type HeadwayQuery = Static<typeof HeadwayQuery>;

/** One running vehicle of a direction, front first. */
export interface HeadwayVehicle {
  car_id: number;
  car_name: string;
  imei: string;
  serial: number;
  /** Metres from the direction's origin. */
  distance: number;
  /** Seconds behind the vehicle ahead (the time since the vehicle ahead passed this one's position); null for
   *  the first vehicle or when unknown. */
  headway: number | null;
  /** The scheduled headway now, from today's timetable; null when there is none. */
  scheduled: number | null;
  /** @headway/spec headwayState(headway, scheduled). */
  state: 'ok' | 'bunching' | 'gapping' | 'unknown';
}

export interface HeadwayDirection {
  direction: number;
  vehicles: HeadwayVehicle[];
  /** Scheduled headway now (seconds), null without a timetable. */
  scheduled: number | null;
  /** Coefficient of variation of the observed headways at the direction's stations over the last hour; null
   *  with fewer than 3 headways. Lower is more regular (0 = perfectly even). */
  regularity: number | null;
  /** Observed headways behind `regularity`. */
  samples: number;
}

/** GET /dispatch/headways?route_code=. */
export interface LineHeadways {
  route_code: string;
  computed_at: number;
  directions: HeadwayDirection[];
  /** The line header's figure: the coefficient of variation of both directions' observed headways together. */
  regularity: number | null;
  samples: number;
}
