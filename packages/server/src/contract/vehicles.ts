import type { DisplayColour, DisplayState } from '@headway/spec';
import { type Static, Type } from 'typebox';
import type { RealData } from '../live/real-data.ts';

// Monitoring map contract (docs/map.md): the vehicle tree, the full live refresh, the company's lines for
// drawing and the info box's base info. The console imports the types; the server validates the queries.

export type { RealData } from '../live/real-data.ts';

/** Settings value vehicleTreeGroupBy: by organisation (fleet, the spec's pid) or by route code. */
export const VehicleTreeGrouping = Type.Union([Type.Literal('pid'), Type.Literal('group_by_route_code')]);
export type VehicleTreeGrouping = Static<typeof VehicleTreeGrouping>;

export const VehicleTreeQuery = Type.Object({ group_by: Type.Optional(VehicleTreeGrouping) });
export type VehicleTreeQuery = Static<typeof VehicleTreeQuery>;

/** Spec "Vehicle tree node": node_type 0 group (fleet), 1 line, 2 vehicle. */
export type VehicleNodeType = 0 | 1 | 2;

export interface VehicleTreeNode {
  /** Unique across node types: `g{fleet}`, `r{line}`, `c{car}` (a fleet and a car may share a number). */
  gid: string;
  pid: string;
  node_type: VehicleNodeType;
  label: string;
  node_data: { route_code: string; imei: string; car_id?: number; lpn?: string; terminal_phone?: string };
  children?: VehicleTreeNode[];
  /** Groups and lines: online and total vehicles below; a vehicle: 1 or 0 and 1. */
  online: number;
  total: number;
  /** Vehicles only: the display state (spec section 4, @headway/spec display-states.ts) and its colour. */
  state?: DisplayState;
  color?: DisplayColour;
  routeCode?: string;
  /** Vehicles only: last known WGS-84 position, null when never seen. */
  lastPos?: { lat: number; lng: number } | null;
}

/** One vehicle of GET /basic/cars/real: its identity and newest real_data (null when never reported). */
export interface VehicleLive {
  car_id: number;
  car_name: string;
  lpn: string;
  imei: string;
  /** The JT/T 808 terminal phone, the key the live channel's gps frames carry when no IMEI is known. */
  terminal_phone: string;
  route_id: number | null;
  route_code: string;
  route_name: string;
  fleet_id: number | null;
  online: 0 | 1;
  /**
   * What the device can do (@headway/spec CAPABILITY_BITS: 5 snapshot, 6 video, 10 send message, 11 talk); 0 without
   * a device. The info box shows a command button only when its bit is set and the vehicle is online.
   */
  capabilities: number;
  real_data: RealData | null;
}

export interface VehicleLiveResult {
  /** Server time, epoch seconds: the console measures "time since" against it. */
  time: number;
  rows: VehicleLive[];
}

export interface LineStyle {
  strokeColor: string;
  strokeWeight: number;
  strokeOpacity: number;
}

export interface OwnLineStation {
  id: number;
  serial: number;
  station_name: string;
  /** Metres from the origin along the direction (cumulative). */
  distance: number;
  lat: number;
  lng: number;
}

export interface OwnLineDirection {
  direction: number;
  origin: string;
  terminal: string;
  /** Spec path string: `lat,lng` pairs joined by `|`, WGS-84. */
  path: string;
  style: LineStyle;
  stations: OwnLineStation[];
  /** Other paths some trips take (branches, short turns), busiest first; stations stay the main path's. */
  variants?: OwnLineVariant[];
}

/** A variant path of a line direction (GTFS shape other than the main pattern's). */
export interface OwnLineVariant {
  shape_id: string;
  /** Trips of the direction on this path. */
  trips: number;
  path: string;
  style: LineStyle;
}

/** A line of GET /basic/routes/own with what the map draws. */
export interface OwnLine {
  route_id: number;
  route_code: string;
  route_name: string;
  category: number;
  directions: OwnLineDirection[];
}

export const CarInfoQuery = Type.Object({ imei: Type.String({ minLength: 1, maxLength: 32 }) });
export type CarInfoQuery = Static<typeof CarInfoQuery>;

/** Spec "Base info" of the vehicle info box, from the vehicle record (docs/basic-data.md); '' when unknown. */
export interface CarBaseInfo {
  car_id: number;
  car_name: string;
  lpn: string;
  imei: string;
  route_name: string;
  fleet_name: string;
  channel: string;
  next_inspection_time: string;
  next_maintenance_time: string;
  contract_no: string;
  device_type: string;
  approved_number: string;
  registration_number: string;
  vehicle_model: string;
  contract_expiration_date: string;
  tax_due_date: string;
  vin: string;
  unit_id: string;
  img_url: string;
}
