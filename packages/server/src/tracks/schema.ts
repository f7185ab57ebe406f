import type { Generated, Insertable, Kysely } from 'kysely';
import type { DevicesTable, VehiclesTable } from '../lines/schema.ts';
import type { Database } from '../store/schema.ts';

// Kysely shapes of the gateway's tables (migration 0003-gateway): track points, and the columns the gateway
// adds to the devices registry of 0002-transit. Joined onto the store's Database with withTables.

export interface PositionsTable {
  id: Generated<number>;
  company_id: number;
  terminal_phone: string;
  vehicle_id: number | null;
  /** WGS-84 degrees, signed. */
  lat: number;
  lng: number;
  /** km/h. */
  speed: number;
  /** Degrees clockwise from north. */
  azimuth: number;
  /** Metres. */
  altitude: number;
  /** km from item 0x01; null when the terminal did not report it. */
  mileage: number | null;
  /** Status DWORD as sent (§5.3). */
  state: number;
  /** Alarm DWORD as sent (§5.2). */
  warning: number;
  /** JSON: satellites, rssi and the other additional items. */
  attached: string;
  /** Epoch seconds of the fix (terminal time converted from its zone). */
  event_time: number;
  /** Epoch seconds when the gateway received it. */
  receive_time: number;
}

export type NewPosition = Insertable<PositionsTable>;

export interface GatewayDevicesTable extends DevicesTable {
  auth_code: Generated<string>;
  plate: Generated<string>;
  plate_color: Generated<number>;
  maker: Generated<string>;
  model: Generated<string>;
  terminal_id: Generated<string>;
  online: Generated<number>;
  last_seen_at: number | null;
  registered_at: number | null;
  /** The gateway node holding the session while online (migration 0007). */
  gateway_node: string | null;
}

export type TrackTables = {
  positions: PositionsTable;
  devices: GatewayDevicesTable;
  vehicles: VehiclesTable;
};

export type TrackDatabase = Database & TrackTables;

export function trackDb(db: Kysely<Database>): Kysely<TrackDatabase> {
  return db.withTables<TrackTables>();
}
