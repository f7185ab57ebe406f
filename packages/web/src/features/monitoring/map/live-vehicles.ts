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
  /** The entry's map point, reused by pointOf. */
  point?: VehiclePoint;
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

  /**
   * Live batch: returns the entries that changed. Unknown vehicles (not in the company tree) are skipped.
   *
   * The batch's items become the entries' data: they come from a frame parsed for this model alone, so an
   * item keyed by terminal phone is re-keyed in place rather than copied (a copy per vehicle per batch is
   * 20,000 objects that outlive the throttle's 500 ms and end as old-generation garbage).
   */
  merge(batch: readonly RealData[]): VehicleEntry[] {
    const changed: VehicleEntry[] = [];
    for (const item of batch) {
      let entry = this.entries.get(item.imei);
      if (!entry) {
        const imei = this.alias.get(item.imei);
        entry = imei === undefined ? undefined : this.entries.get(imei);
      }
      if (!entry || (entry.data && item.et < entry.data.et)) continue;
      item.imei = entry.imei;
      entry.data = item;
      entry.online = isOnline(item);
      changed.push(entry);
    }
    return changed;
  }

  get(imei: string): VehicleEntry | undefined {
    return this.entries.get(imei);
  }
}

/**
 * The map point of a vehicle, or null when it has never reported a position. The point is the entry's own,
 * updated in place by each call (VehicleFeatures.apply copies what it keeps): a live batch of 20,000
 * vehicles then allocates no point objects.
 */
export function pointOf(entry: VehicleEntry, now: number): VehiclePoint | null {
  const data = entry.data;
  if (!data || (data.lat === 0 && data.lng === 0)) return null;
  const colour = vehicleLook(data, entry.online, now).colour;
  const point = entry.point;
  if (!point) {
    entry.point = {
      key: entry.imei,
      lng: data.lng,
      lat: data.lat,
      colour,
      step: azimuthStep(data.a),
      label: entry.car_name,
    };
    return entry.point;
  }
  point.key = entry.imei;
  point.lng = data.lng;
  point.lat = data.lat;
  point.colour = colour;
  point.step = azimuthStep(data.a);
  point.label = entry.car_name;
  return point;
}

/** The map points of the entries checked in the tree (`visible`); vehicles without a position are left out. */
export function visiblePoints(
  entries: Iterable<VehicleEntry>,
  visible: ReadonlySet<string>,
  now: number,
): VehiclePoint[] {
  const points: VehiclePoint[] = [];
  for (const entry of entries) {
    if (!visible.has(entry.imei)) continue;
    const point = pointOf(entry, now);
    if (point) points.push(point);
  }
  return points;
}
