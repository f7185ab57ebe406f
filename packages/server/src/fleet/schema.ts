import type { Generated, Kysely } from 'kysely';
import type { TransitTables, VehiclesTable } from '../lines/schema.ts';
import type { Database } from '../store/schema.ts';
import type { GatewayDevicesTable } from '../tracks/schema.ts';

// Kysely shapes of the fleet's basic data (migration 0014-basic-vehicles) over the transit tables of 0002.

/** The fuller vehicle record of spec section 3; numbers and dates null when unknown, texts ''. */
export interface FleetVehiclesTable extends VehiclesTable {
  vin: Generated<string>;
  fuel_100km: number | null;
  fuel_hour: number | null;
  tank: number | null;
  register_time: number | null;
  expire_time: number | null;
  icon: Generated<string>;
  approved_number: number | null;
  seat: number | null;
  source: Generated<string>;
  model: Generated<string>;
  compulsory_insurance_time: number | null;
  commercial_insurance_time: number | null;
  tax_due_date: number | null;
  next_inspection_time: number | null;
  next_maintenance_time: number | null;
  fuel_type: number | null;
  engine_model: Generated<string>;
  engine_no: Generated<string>;
  gross_weight: number | null;
  curb_weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  production_date: number | null;
  scrap_date: number | null;
  contract_no: Generated<string>;
  contract_expiration_date: number | null;
  registration_number: Generated<string>;
  unit_id: Generated<string>;
  img_url: Generated<string>;
  remark: Generated<string>;
  updated_at: number | null;
}

export interface FleetDevicesTable extends GatewayDevicesTable {
  device_type_id: number | null;
  remark: Generated<string>;
  updated_at: number | null;
}

export interface DeviceTypesTable {
  id: Generated<number>;
  company_id: number;
  type_name: string;
  capabilities: number;
  channels: number;
  maker: string;
  remark: string;
  created_at: number;
  updated_at: number;
}

export interface SimsTable {
  id: Generated<number>;
  company_id: number;
  sim_no: string;
  iccid: string;
  operator: string;
  expire_time: number | null;
  remark: string;
  created_at: number;
  updated_at: number;
}

export interface VehicleRenewalsTable {
  id: Generated<number>;
  company_id: number;
  vehicle_id: number;
  renew_type: number;
  old_time: number | null;
  new_time: number;
  remark: Generated<string>;
  state: Generated<number>;
  created_by: number | null;
  reviewed_by: number | null;
  created_at: number;
  reviewed_at: number | null;
}

export type FleetTables = Omit<TransitTables, 'vehicles' | 'devices'> & {
  vehicles: FleetVehiclesTable;
  devices: FleetDevicesTable;
  device_types: DeviceTypesTable;
  sims: SimsTable;
  vehicle_renewals: VehicleRenewalsTable;
};

export type FleetDatabase = Omit<Database, keyof FleetTables> & FleetTables;

export function fleetDb(db: Kysely<Database>): Kysely<FleetDatabase> {
  return db as unknown as Kysely<FleetDatabase>;
}
