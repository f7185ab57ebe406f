import type { RealData } from '@headway/server/contract';
import type { DisplayColour, DisplayState } from '@headway/spec';
import type { FleetChanges, FleetRoster } from '../../../live/client';
import { COLOURS, STATE_KINDS, type VehicleColumns } from '../../../map';

// The monitoring screen's view of the fleet on the main thread, outside React: identities from the full
// refresh, and per vehicle only what the map and the tree draw (position, colour, state, heading) as
// columns that the live worker's changes are copied into. Full real_data is held for the selected vehicle
// alone; the worker keeps everyone's (docs/live.md "In the browser").

export interface VehicleIdentity {
  imei: string;
  car_id: number;
  car_name: string;
  lpn: string;
  route_code: string;
  route_name: string;
  /** CAPABILITY_BITS of the vehicle's device. */
  capabilities: number;
}

/** The info box's vehicle: identity, online flag and full real_data. */
export interface VehicleEntry extends VehicleIdentity {
  online: boolean;
  data: RealData | null;
}

export interface VehicleLookup {
  colour: DisplayColour;
  /** The display state (its label goes with the colour). */
  kind: DisplayState;
  online: boolean;
}

const NEVER_SEEN: VehicleLookup = { colour: 'gray', kind: 'offline', online: false };

export class FleetView implements VehicleColumns {
  roster = 0;
  keys: readonly string[] = [];
  labels: readonly string[] = [];
  identities: readonly VehicleIdentity[] = [];
  x = new Float64Array(0);
  y = new Float64Array(0);
  lng = new Float64Array(0);
  lat = new Float64Array(0);
  colour = new Uint8Array(0);
  kind = new Uint8Array(0);
  step = new Uint8Array(0);
  online = new Uint8Array(0);
  private index = new Map<string, number>();
  private selected: { imei: string; data: RealData | null } | null = null;

  get size(): number {
    return this.keys.length;
  }

  /**
   * A refreshed roster (identities as the worker posts them). The same vehicles in the same order keep their
   * columns and `keys`, so the map keeps its features; otherwise positions are unknown until the worker's
   * changes for this roster, which follow at once.
   */
  load(roster: FleetRoster): void {
    const n = roster.imei.length;
    this.roster = roster.roster;
    const identities: VehicleIdentity[] = new Array(n);
    for (let i = 0; i < n; i++) {
      identities[i] = {
        imei: roster.imei[i] as string,
        car_id: roster.car_id[i] as number,
        car_name: roster.car_name[i] as string,
        lpn: roster.lpn[i] as string,
        route_code: roster.route_code[i] as string,
        route_name: roster.route_name[i] as string,
        capabilities: roster.capabilities[i] ?? 0,
      };
    }
    this.identities = identities;
    this.labels = roster.car_name;
    const same = n === this.keys.length && roster.imei.every((imei, i) => imei === this.keys[i]);
    if (same) return;
    this.keys = roster.imei;
    this.index = new Map(this.keys.map((k, i) => [k, i]));
    this.x = new Float64Array(n).fill(Number.NaN);
    this.y = new Float64Array(n).fill(Number.NaN);
    this.lng = new Float64Array(n).fill(Number.NaN);
    this.lat = new Float64Array(n).fill(Number.NaN);
    this.colour = new Uint8Array(n);
    this.kind = new Uint8Array(n);
    this.step = new Uint8Array(n);
    this.online = new Uint8Array(n);
  }

  /** Copies a worker post into the columns; false when it belongs to an earlier roster (dropped). */
  apply(changes: FleetChanges): boolean {
    if (changes.roster !== this.roster) return false;
    const { index, count } = changes;
    for (let k = 0; k < count; k++) {
      const i = index[k] as number;
      this.x[i] = changes.x[k] as number;
      this.y[i] = changes.y[k] as number;
      this.lng[i] = changes.lng[k] as number;
      this.lat[i] = changes.lat[k] as number;
      this.colour[i] = changes.colour[k] as number;
      this.kind[i] = changes.kind[k] as number;
      this.step[i] = changes.step[k] as number;
      this.online[i] = changes.online[k] as number;
    }
    if (changes.selected) this.selected = changes.selected;
    return true;
  }

  indexOf(imei: string): number {
    return this.index.get(imei) ?? -1;
  }

  look(imei: string): VehicleLookup {
    const i = this.indexOf(imei);
    if (i < 0) return NEVER_SEEN;
    return {
      colour: COLOURS[this.colour[i] as number] ?? 'gray',
      kind: STATE_KINDS[this.kind[i] as number] ?? 'offline',
      online: this.online[i] === 1,
    };
  }

  /** WGS-84 position, or null before the vehicle's first report. */
  position(imei: string): { lng: number; lat: number } | null {
    const i = this.indexOf(imei);
    if (i < 0) return null;
    const lng = this.lng[i] as number;
    const lat = this.lat[i] as number;
    return Number.isNaN(lng) ? null : { lng, lat };
  }

  /** Mean position of the vehicles that have reported (the first visit frames the fleet). */
  centre(): { lng: number; lat: number } | null {
    let n = 0;
    let lng = 0;
    let lat = 0;
    for (let i = 0; i < this.keys.length; i++) {
      if (Number.isNaN(this.lng[i])) continue;
      n++;
      lng += this.lng[i] as number;
      lat += this.lat[i] as number;
    }
    return n === 0 ? null : { lng: lng / n, lat: lat / n };
  }

  /** The info box's entry; full data only for the vehicle selected with the worker (`fleet-select`). */
  entry(imei: string): VehicleEntry | undefined {
    const i = this.indexOf(imei);
    const identity = this.identities[i];
    if (!identity) return undefined;
    const data = this.selected?.imei === imei ? this.selected.data : null;
    return { ...identity, online: this.online[i] === 1, data };
  }

  /** 1 for every roster index in `visible` (the tree's checked set), for the map. */
  shown(visible: ReadonlySet<string>): ArrayLike<number> {
    const out = new Uint8Array(this.keys.length);
    for (let i = 0; i < this.keys.length; i++) out[i] = visible.has(this.keys[i] as string) ? 1 : 0;
    return out;
  }
}
