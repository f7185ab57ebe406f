import type { Kysely } from 'kysely';
import type { StationEventTables } from '../departures/schema.ts';
import type { TransitTables } from '../lines/schema.ts';
import type { Database } from '../store/schema.ts';

// Kysely shapes of the ingest's own tables (migration 0004-ingest).

export interface VehicleLiveStateTable {
  company_id: number;
  car_id: number;
  imei: string;
  terminal_phone: string;
  event_time: number;
  /** JSON real_data as last published. */
  real_data: string;
  updated_at: number;
}

export interface LineSegmentTimesTable {
  company_id: number;
  route_code: string;
  /** JSON SegmentTimes (progress/history.ts). */
  times: string;
  updated_at: number;
}

export type IngestTables = {
  vehicle_live_state: VehicleLiveStateTable;
  line_segment_times: LineSegmentTimesTable;
};

export function ingestDb(db: Kysely<Database>) {
  return db.withTables<TransitTables>().withTables<StationEventTables>().withTables<IngestTables>();
}
