import type { RealData, VehicleLive } from '@headway/server/contract';
import { azimuthStep, type VehiclePoint, vehicleLook } from '../../../map';
import { isOnline } from '../../../map/vehicle-style';

// The screen's live state of every vehicle, outside React: the full refresh loads it, live batches merge
// into it (newest event time wins), and the map reads points from it. React re-renders only at the
// throttled pace for the tree and the info box.

export interface VehicleEntry {
  imei: string;
  car_id: number;
  car_name: string;
  lpn: string;
  route_code: string;
  route_name: string;
  online: boolean;
  data: RealData | null;
}

export class LiveVehicles {
  readonly entries = new Map<string, VehicleEntry>();
  /** Live frames may key a vehicle by its terminal phone (docs/map.md "Keys"). */
  private readonly alias = new Map<string, string>();

  /** Full refresh: identities and newest data of every vehicle; data older than what we hold is ignored. */
  load(rows: readonly VehicleLive[]): VehicleEntry[] {
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.imei);
      if (row.terminal_phone) this.alias.set(row.terminal_phone, row.imei);
      const held = this.entries.get(row.imei);
      const newer = !held?.data || (row.real_data !== null && row.real_data.et >= held.data.et);
      this.entries.set(row.imei, {
        imei: row.imei,
        car_id: row.car_id,
        car_name: row.car_name,
        lpn: row.lpn,
        route_code: row.route_code,
        route_name: row.route_name,
        online: row.online === 1,
        data: newer ? row.real_data : (held?.data ?? null),
      });
    }
    for (const key of [...this.entries.keys()]) if (!seen.has(key)) this.entries.delete(key);
    return [...this.entries.values()];
  }

  /** Live batch: returns the entries that changed. Unknown vehicles (not in the company tree) are skipped. */
  merge(batch: readonly RealData[]): VehicleEntry[] {
    const changed: VehicleEntry[] = [];
    for (const item of batch) {
      const imei = this.entries.has(item.imei) ? item.imei : this.alias.get(item.imei);
      const entry = imei ? this.entries.get(imei) : undefined;
      if (!entry || (entry.data && item.et < entry.data.et)) continue;
      entry.data = { ...item, imei: entry.imei };
      entry.online = isOnline(item);
      changed.push(entry);
    }
    return changed;
  }

  get(imei: string): VehicleEntry | undefined {
    return this.entries.get(imei);
  }
}

/** The map point of a vehicle, or null when it has never reported a position. */
export function pointOf(entry: VehicleEntry, now: number): VehiclePoint | null {
  const data = entry.data;
  if (!data || (data.lat === 0 && data.lng === 0)) return null;
  return {
    key: entry.imei,
    lng: data.lng,
    lat: data.lat,
    colour: vehicleLook(data, entry.online, now).colour,
    step: azimuthStep(data.a),
    label: entry.car_name,
  };
}
