import type { RealData, VehicleLive } from '@headway/server/contract';
import type { Datum } from '../map/coords';

// What the console's main thread and its live worker (live.worker.ts) say to each other (docs/live.md
// "In the browser"). The worker holds the STOMP connection and every vehicle's real_data; the main thread
// gets other commands as they are and vehicle changes as typed columns it can apply without parsing.

export type LiveStatus = 'connecting' | 'connected' | 'offline';

export interface LiveMessage {
  cmd: string;
  data: unknown;
}

export interface LiveTarget {
  token: string;
  companyId: number;
}

/** A full refresh's rows as the worker needs them: identity for matching, and the newest data. */
export type FleetRow = Pick<VehicleLive, 'imei' | 'terminal_phone' | 'real_data'>;

export type ToWorker =
  | { type: 'open'; target: LiveTarget }
  | { type: 'close' }
  /**
   * A full refresh, fetched by the worker with the main thread's signed request (GET /basic/cars/real), so
   * that 20,000 rows are parsed off the main thread. Answered with `fleet-roster` or `fleet-failed`.
   */
  | { type: 'fleet-refresh'; roster: number; url: string; headers: Record<string, string> }
  /** A full refresh's rows already at hand: row order is the roster's index order on both sides. */
  | { type: 'fleet-load'; roster: number; rows: FleetRow[] }
  /** The map screen left: drop the fleet. */
  | { type: 'fleet-drop' }
  | { type: 'fleet-datum'; datum: Datum }
  | { type: 'fleet-select'; imei: string | null }
  /**
   * The vehicles the page watches (the union of its `watchVehicles` callers), by real_data's `imei` key; replaces
   * the previous set. Their newest fixes come back as `watch`, whether or not a fleet is loaded.
   */
  | { type: 'watch'; imeis: string[] };

/**
 * Vehicles that changed since the last post, as columns: row k is roster index `index[k]`, for the first
 * `count` rows. Coordinates are projected for the datum the main thread last asked for; NaN when the vehicle
 * has no position. The buffers are transferred, not copied.
 */
export interface FleetChanges {
  type: 'fleet';
  roster: number;
  count: number;
  index: Int32Array;
  lng: Float64Array;
  lat: Float64Array;
  x: Float64Array;
  y: Float64Array;
  /** Index into COLOURS (vehicle-style). */
  colour: Uint8Array;
  /** Index into STATE_KINDS (vehicle-style). */
  kind: Uint8Array;
  step: Uint8Array;
  online: Uint8Array;
  /** The selected vehicle's full real_data, when it changed (or was selected). */
  selected?: { imei: string; data: RealData | null };
  /** Worker time spent on the frames merged into this post and on building it (ms), for the benchmark. */
  workMs: number;
}

/** A refreshed roster's identities as columns (row order = roster index); its changes follow. */
export interface FleetRoster {
  type: 'fleet-roster';
  roster: number;
  imei: string[];
  car_id: number[];
  car_name: string[];
  lpn: string[];
  route_code: string[];
  route_name: string[];
  /** CAPABILITY_BITS of each vehicle's device (the info box offers snapshot, messages… by them). */
  capabilities: number[];
}

export type FromWorker =
  | { type: 'status'; status: LiveStatus }
  | { type: 'message'; message: LiveMessage }
  | FleetRoster
  /**
   * `code` is the envelope's, or NETWORK_ERROR (api/errors.ts) when no envelope came. `superseded`: a newer
   * refresh was asked for, or the fleet was dropped, before this one answered (nothing to tell the user).
   */
  | { type: 'fleet-failed'; roster: number; code: number; msg: string; superseded?: boolean }
  | FleetChanges
  | WatchedFixes;

/**
 * The newest fix of each watched vehicle that reported since the last post, at most one per vehicle; `imei` is
 * the key the vehicle was watched by.
 */
export interface WatchedFixes {
  type: 'watch';
  fixes: RealData[];
}
