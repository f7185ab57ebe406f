import type { Generated, Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

// Kysely shapes of the transit tables (migration 0002-transit). Kept beside the lines feature and joined onto the
// store's Database with withTables, so the foundation schema file stays the foundation's.

export interface FleetsTable {
  id: Generated<number>;
  company_id: number;
  fleet_name: string;
  category: number;
  created_at: number;
}

export interface LinesTable {
  id: Generated<number>;
  company_id: number;
  route_code: string;
  route_name: string;
  sort_id: number;
  category: number;
  state: Generated<number>;
  fleet_id: number | null;
  color: string;
  gtfs_route_id: string;
  /** km/h the platform's over-speed alarm checks (0009-alarms); null = the company default, 0 = none. */
  speed_limit: Generated<number | null>;
  created_at: number;
  /** 0015-basic-lines: the spec's route fields beyond the GTFS ones. 1 a trunk line. */
  trunk: Generated<number>;
  /** TRAVEL_CATEGORIES 0–3. */
  travel: Generated<number>;
  /** "HH:MM", '' unknown. */
  open_time: Generated<string>;
  stop_time: Generated<string>;
  ticket: Generated<string>;
  remark: Generated<string>;
  /** Epoch seconds of the last edit in the console; 0 never edited there. */
  updated_at: Generated<number>;
}

export interface LineDirectionsTable {
  id: Generated<number>;
  company_id: number;
  line_id: number;
  direction: number;
  origin: string;
  terminal: string;
  first_time: string;
  last_time: string;
  distance: number;
  intervals: number;
  price: Generated<number>;
  avg_station_km: number;
  station_count: number;
  shape_id: string;
  is_actived: Generated<number>;
  /** 1 when the direction passed the route check (spec section 5) when last saved (0015-basic-lines). */
  is_checked: Generated<number>;
}

export interface LineStationsTable {
  id: Generated<number>;
  company_id: number;
  line_id: number;
  direction: number;
  serial: number;
  station_name: string;
  abridge: Generated<string>;
  flag: Generated<number>;
  azimuth: number;
  distance: number;
  duration: number;
  stop_id: string;
  is_opposite: Generated<number>;
  lng: number;
  lat: number;
}

/** Several rows per direction since 0008: the main path (variant 0, the stations' shape) and its variants. */
export interface LinePathsTable {
  id: Generated<number>;
  company_id: number;
  line_id: number;
  direction: number;
  path: string;
  style: string;
  shape_id: Generated<string>;
  /** Trips of the direction on this path. */
  trips: Generated<number>;
  /** 0 the main path, 1 a variant (branch or short turn). */
  variant: Generated<number>;
  /** Metres the path strays furthest from the main path (0 for the main path). */
  max_offset: Generated<number>;
}

export interface BusStopsTable {
  id: Generated<number>;
  company_id: number;
  stop_id: string;
  stop_name: string;
  stop_code: string;
  state: Generated<number>;
  address: Generated<string>;
  is_share: Generated<number>;
  lng: number;
  lat: number;
  /** route_code of the lines serving the stop, comma-separated. */
  routes: string;
  /** 0015-basic-lines: display title, a second (e.g. the authority's) code, icon and opening time "HH:MM". */
  title: Generated<string>;
  code: Generated<string>;
  icon: Generated<string>;
  open_time: Generated<string>;
}

export interface ServicesTable {
  id: Generated<number>;
  company_id: number;
  service_id: string;
  weekdays: string;
  start_date: string;
  end_date: string;
  /** YYYYMMDD dates, comma-separated. */
  added: string;
  removed: string;
}

export interface DeparturesTable {
  id: Generated<number>;
  company_id: number;
  line_id: number;
  direction: number;
  service_id: string;
  trip_id: string;
  block_id: string;
  shape_id: string;
  headsign: string;
  departure_time: number;
  arrival_time: number;
  stop_count: number;
}

export interface DevicesTable {
  id: Generated<number>;
  company_id: number;
  terminal_phone: string;
  imei: string;
  protocol_version: string;
  device_type: string;
  sim: string;
  state: Generated<number>;
  /** CAPABILITY_BITS the device has (0012-commands; default snapshot, video, send message, talk). */
  capabilities: Generated<number>;
  created_at: number;
}

export interface VehiclesTable {
  id: Generated<number>;
  company_id: number;
  car_name: string;
  lpn: string;
  imei: string;
  channel: string;
  line_id: number | null;
  fleet_id: number | null;
  device_id: number | null;
  car_type: Generated<number>;
  state: Generated<number>;
  /** km/h; overrides the line's (0009-alarms). null = the line's or the company's, 0 = none. */
  speed_limit: Generated<number | null>;
  /** 1 in operation, 0 taken out of service by change route (0012-commands). */
  in_service: Generated<number>;
  created_at: number;
}

export interface EmployeesTable {
  id: Generated<number>;
  company_id: number;
  emp_no: string;
  emp_name: string;
  emp_type: number;
  phone: string;
  ic_card: string;
  fleet_id: number | null;
  line_id: number | null;
  state: Generated<number>;
  created_at: number;
}

export interface DutiesTable {
  id: Generated<number>;
  company_id: number;
  service_id: string;
  block_id: string;
  line_id: number;
  start_time: number;
  end_time: number;
  /** JSON array of trip ids in running order. */
  trip_ids: string;
  vehicle_id: number | null;
  driver_id: number | null;
  conductor_id: number | null;
}

// A type alias, not an interface: withTables wants an index-signature-compatible record.
export type TransitTables = {
  fleets: FleetsTable;
  lines: LinesTable;
  line_directions: LineDirectionsTable;
  line_stations: LineStationsTable;
  line_paths: LinePathsTable;
  bus_stops: BusStopsTable;
  services: ServicesTable;
  departures: DeparturesTable;
  devices: DevicesTable;
  vehicles: VehiclesTable;
  employees: EmployeesTable;
  duties: DutiesTable;
};

export type TransitDatabase = Database & TransitTables;

export function transitDb(db: Kysely<Database>): Kysely<TransitDatabase> {
  return db.withTables<TransitTables>();
}
