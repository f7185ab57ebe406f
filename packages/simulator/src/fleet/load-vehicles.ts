import type { FeedSchedule } from '../plan/from-feed.ts';
import type { FleetVehicleSpec } from './fleet.ts';

export interface LoadFleetOptions {
  count: number;
  /** First index (several processes split a large fleet: 0, 10000, …). */
  offset?: number;
  /** Seven leading digits of the 12-digit terminal phone. */
  phonePrefix?: string;
  /** Share of terminals speaking JT/T 808-2019 (0–1). */
  share2019?: number;
}

/** Terminal phone of load vehicle i: prefix + 5 digits (12 digits, no leading zero). */
export function loadPhone(index: number, prefix = '1380000'): string {
  return `${prefix}${String(index).padStart(12 - prefix.length, '0')}`;
}

/** Synthetic vehicles for a load run, parked by default at the first station of a line of the feed. */
export function loadVehicles(schedule: FeedSchedule, options: LoadFleetOptions): FleetVehicleSpec[] {
  const lines = schedule.transit.lines;
  const share = options.share2019 ?? 0.2;
  const out: FleetVehicleSpec[] = [];
  for (let k = 0; k < options.count; k++) {
    const index = (options.offset ?? 0) + k + 1;
    const line = lines[index % lines.length]!;
    const first = line.directions[0]!.stations[0]!;
    const phone = loadPhone(index, options.phonePrefix);
    out.push({
      phone,
      // Every 1/share-th terminal speaks 2019, spread evenly.
      version: share > 0 && Math.floor(index * share) !== Math.floor((index - 1) * share) ? 2019 : 2013,
      carName: `L${index}`,
      plate: `LOAD-${index}`,
      imei: `86${phone.padStart(13, '0')}`,
      routeCode: line.routeCode,
      home: { lat: first.lat, lng: first.lng, azimuth: first.azimuth, routeCode: line.routeCode },
      crew: null,
    });
  }
  return out;
}
