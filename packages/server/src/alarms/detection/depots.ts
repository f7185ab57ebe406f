import type { LineGeometry } from '../../progress/index.ts';

// Where a bus may stand as long as it likes: its depots. Until the regions issue brings real depot regions
// (region use_type 1 "parking"), a depot is a circle of the company's `depot_radius_m` around the first and last
// stations of each direction of the vehicle's line: buses lay over and park at their termini. The regions issue
// replaces `TerminusDepots` with a lookup of its parking regions behind the same `DepotLookup`.

/** 'unknown': the vehicle has no depot the platform knows of (no line), so long parking is not judged. */
export type DepotVerdict = 'depot' | 'outside' | 'unknown';

export interface DepotLookup {
  judge(companyId: number, routeCode: string | null, lat: number, lng: number, radiusM: number): DepotVerdict;
}

/** The line of a route code, as the ingest's directory holds it. */
export type LineSource = (companyId: number, routeCode: string) => { geometry: LineGeometry } | undefined;

export class TerminusDepots implements DepotLookup {
  // Keyed by the geometry object: a reloaded line is a new object, so its termini are worked out again.
  private readonly termini = new WeakMap<LineGeometry, [number, number][]>();

  constructor(private readonly lineOf: LineSource) {}

  judge(companyId: number, routeCode: string | null, lat: number, lng: number, radiusM: number): DepotVerdict {
    if (!routeCode) return 'unknown';
    const geometry = this.lineOf(companyId, routeCode)?.geometry;
    if (!geometry) return 'unknown';
    for (const [tLat, tLng] of this.terminiOf(geometry)) {
      if (metres(lat, lng, tLat, tLng) <= radiusM) return 'depot';
    }
    return 'outside';
  }

  private terminiOf(geometry: LineGeometry): [number, number][] {
    let out = this.termini.get(geometry);
    if (!out) {
      out = [];
      for (const d of geometry.directions) {
        const first = d.stations[0];
        const last = d.stations.at(-1);
        if (first) out.push([first.lat, first.lng]);
        if (last) out.push([last.lat, last.lng]);
      }
      this.termini.set(geometry, out);
    }
    return out;
  }
}

/** Great-circle distance in metres (haversine). */
export function metres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(a)));
}
