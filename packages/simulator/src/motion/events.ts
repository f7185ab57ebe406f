/** Ground truth: what really happened at a station, to compare with the server's arrival/departure events. */
export interface StationEvent {
  /** 1 arrival, 2 departure (spec departure/arrival event flag). */
  flag: 1 | 2;
  /** Epoch seconds. */
  time: number;
  /** Scheduled epoch seconds (arrival for flag 1, departure for flag 2). */
  scheduled: number;
  tripId: string;
  routeCode: string;
  direction: 1 | 2;
  stopId: string;
  serial: number;
  stationName: string;
  /** Index of the stop in the trip, from 1. */
  stopSequence: number;
  lat: number;
  lng: number;
}

/** Where the vehicle is and what it is doing: the input for a location report. */
export interface MotionState {
  time: number;
  lat: number;
  lng: number;
  /** km/h. */
  speed: number;
  azimuth: number;
  /** Odometer in metres. */
  odometer: number;
  accOn: boolean;
  /** Doors 1–3 open (state bits 13–15). */
  doors: [boolean, boolean, boolean];
  phase: MotionPhase;
  tripId: string;
  routeCode: string;
  direction: 1 | 2;
  /** Metres off the planned shape (a detour); 0 on route. */
  detourMetres: number;
  /** Seconds the vehicle has been stationary. */
  stoppedFor: number;
  passengers: { onboard: number; onDay: number; onTrip: number; offTrip: number; onLast: number; offLast: number };
}

export type MotionPhase = 'parked' | 'layover' | 'dwell' | 'driving' | 'deadhead' | 'done';
