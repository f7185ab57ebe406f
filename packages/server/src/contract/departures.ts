// Departure/arrival events (spec section 3 "Departure/arrival event"; POST /device/depart/arrive, docs/ingest.md).

/** Spec "Departure/arrival event" as the search answers it. */
export interface DepartArriveRow {
  id: number;
  imei: string;
  car_id: number;
  car_name: string;
  route_code: string;
  route_name: string;
  serial: number;
  station_name: string;
  direction: number;
  flag: number;
  event_time: number;
  state: number;
  support: number;
}
