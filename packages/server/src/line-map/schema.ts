import type { Kysely } from 'kysely';
import type { StationEventTables } from '../departures/schema.ts';
import type { IngestTables } from '../ingest/schema.ts';
import type { TransitTables } from '../lines/schema.ts';
import type { Database } from '../store/schema.ts';

// Kysely shape of the station traffic states (migration 0011-line-map), joined with the tables the line map reads.

export interface StationTrafficTable {
  /** line_stations.id: the spec's `key`. */
  station_id: number;
  company_id: number;
  line_id: number;
  traffic_status: number;
  updated_at: number;
  updated_by: string;
}

export type LineMapTables = { station_traffic: StationTrafficTable };

export function lineMapDb(db: Kysely<Database>) {
  return db
    .withTables<TransitTables>()
    .withTables<StationEventTables>()
    .withTables<IngestTables>()
    .withTables<LineMapTables>();
}

export type LineMapDb = ReturnType<typeof lineMapDb>;
