import type { Generated, Kysely } from 'kysely';
import type { TransitTables } from '../lines/schema.ts';
import type { Database } from '../store/schema.ts';

// Kysely shape of regions, visits and pushes (migration 0013-regions).

export interface RegionsTable {
  id: Generated<number>;
  company_id: number;
  region_name: string;
  region_type: number;
  use_type: Generated<number>;
  center: Generated<string>;
  is_share: Generated<number>;
  img_url: Generated<string>;
  region_point: Generated<string>;
  region_option: Generated<string>;
  remark: Generated<string>;
  style: Generated<string>;
  icon: Generated<string>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface RegionVisitsTable {
  id: Generated<number>;
  company_id: number;
  region_id: number;
  vehicle_id: number | null;
  terminal_phone: string;
  enter_time: number;
  exit_time: number | null;
  dwell_seconds: number | null;
}

export interface RegionPushesTable {
  id: Generated<number>;
  company_id: number;
  region_id: number | null;
  vehicle_id: number;
  area_id: number;
  command: number;
  state: number;
  result: number | null;
  account: Generated<string>;
  send_time: number;
  reply_time: number | null;
}

export type RegionTables = {
  regions: RegionsTable;
  region_visits: RegionVisitsTable;
  region_pushes: RegionPushesTable;
};

export function regionDb(db: Kysely<Database>) {
  return db.withTables<TransitTables>().withTables<RegionTables>();
}
