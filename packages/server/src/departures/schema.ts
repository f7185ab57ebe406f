import type { Generated, Insertable, Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

// Kysely shape of the station departure/arrival events (migration 0004-ingest), joined onto the store's Database
// with withTables like the other features' tables.

export interface StationEventsTable {
  id: Generated<number>;
  company_id: number;
  imei: string;
  terminal_phone: string;
  car_id: number;
  car_name: string;
  route_code: string;
  route_name: string;
  /** 1 up, 2 down. */
  direction: number;
  serial: number;
  station_name: string;
  /** 1 arrival, 2 departure. */
  flag: number;
  event_time: number;
  /** Spec state bits of the report that decided the event. */
  state: number;
  /** 1 when the time was interpolated over a reporting gap (estimated), else 0. */
  support: number;
  created_at: number;
}

export type StationEventTables = { station_events: StationEventsTable };
export type NewStationEvent = Insertable<StationEventsTable>;

export function departuresDb(db: Kysely<Database>): Kysely<Database & StationEventTables> {
  return db.withTables<StationEventTables>();
}
