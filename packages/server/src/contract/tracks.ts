import { type Static, Type } from 'typebox';
import { EpochSeconds } from './time.ts';

// Track contract (issue 12, docs/tracks.md, docs/api.md "Tracks"): the track query other clients use, and the
// passenger counts by time and by station. Field names are the spec's (section 3 "Track point", "Passenger
// record"; section 9 "Track query").

/** POST /device/position. `car_id` or `car_list` or `route_code`; span ≤ 7 days; several vehicles or a line ≤ the
 *  company's multiple_search_limit minutes. */
export const TrackQueryBody = Type.Object({
  start_time: EpochSeconds(),
  end_time: EpochSeconds(),
  car_id: Type.Optional(Type.Integer({ minimum: 1 })),
  car_list: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 })),
  route_code: Type.Optional(Type.String({ maxLength: 64 })),
  /** Minimum speed in km/h (the console's "speed > 0" switch sends 1); default 0, every point. */
  speed: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
});
export type TrackQueryBody = Static<typeof TrackQueryBody>;

/** Spec "Track point". Rows come in time order (per vehicle, vehicles in car_id order). */
export interface TrackPoint {
  imei: string;
  car_id: number;
  car_name: string;
  /** The line the vehicle ran at that moment (from its station events), '' when unknown. */
  route_code: string;
  route_name: string;
  /** 1 up, 2 down; 0 when unknown. */
  direction: number;
  /** The last station reached (arrived or departed) at or before the point; 0 when unknown. */
  serial: number;
  station_name: string;
  lat: number;
  lng: number;
  azimuth: number;
  /** km/h. */
  speed: number;
  /** km, item 0x01; null when the terminal did not report it. */
  mileage: number | null;
  /** Status bits (@headway/spec state bits). */
  state: number;
  /** Alarm bits (@headway/spec warning bits). */
  warning: number;
  /** JSON text of the other additional items; `satellites` holds the satellite count when reported. */
  attached: string;
  event_time: number;
  receive_time: number;
}

export interface TrackResult {
  rows: TrackPoint[];
}

/** POST /device/passenger/time and /device/passenger/station. */
export const PassengerQueryBody = Type.Object({
  car_id: Type.Integer({ minimum: 1 }),
  start_time: EpochSeconds(),
  end_time: EpochSeconds(),
});
export type PassengerQueryBody = Static<typeof PassengerQueryBody>;

/**
 * Spec "Passenger record": boardings (up) and alightings (down) per hour (`time_frame`) or per station
 * (docs/passengers.md). `route_code`, `direction` and `serial` (the departure/arrival event's names) tell apart a
 * stop served in both directions, which is two rows of the same `station_name`.
 */
export interface PassengerRow {
  /** By time: the hour's start, `YYYY-MM-DD HH:00` in the company's time zone; by station: ''. */
  time_frame: string;
  up_number: number;
  down_number: number;
  /** By station: the station's name (rows in line order), '' for counts no station event places; by time: ''. */
  station_name: string;
  /** By station: the line's code; '' by time and for unplaced counts. */
  route_code: string;
  /** By station: 1 up, 2 down; 0 by time and for unplaced counts. */
  direction: number;
  /** By station: the station's serial in its direction; 0 by time and for unplaced counts. */
  serial: number;
}

export interface PassengerResult {
  rows: PassengerRow[];
}
