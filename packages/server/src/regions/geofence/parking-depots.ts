import type { DepotLookup, DepotVerdict } from '../../alarms/detection/depots.ts';
import type { GeofenceIndex } from './index.ts';

// The detector's depots with real depot regions (use_type 1 "parking", alarms/detection/depots.ts): a vehicle
// standing in a parking region is at a depot. Elsewhere the line termini still count (buses lay over there), and
// a company that drew parking regions knows its depots even for a vehicle with no line.

export class ParkingDepots implements DepotLookup {
  constructor(
    private readonly index: GeofenceIndex,
    private readonly termini: DepotLookup,
  ) {}

  judge(companyId: number, routeCode: string | null, lat: number, lng: number, radiusM: number): DepotVerdict {
    const parked = this.index.parkingAt(companyId, lat, lng);
    if (parked) return 'depot';
    const verdict = this.termini.judge(companyId, routeCode, lat, lng, radiusM);
    return verdict === 'unknown' && parked === false ? 'outside' : verdict;
  }
}
