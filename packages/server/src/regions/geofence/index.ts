import { GEOFENCE_CONFIRM_REPORTS, GEOFENCE_EXIT_MARGIN_M, RegionTypeCode, RegionUseTypeCode } from '@headway/spec';
import { Fence, type FenceSource } from './fence.ts';
import { FenceGrid } from './grid.ts';
import { drop, type Visit, visitOf } from './visit.ts';

// The geofence (docs/regions.md "Geofencing"): per company a grid of its regions' bounding boxes (grid.ts), and per
// vehicle the regions it is in or about to enter. Hysteresis: a vehicle enters once it is `enterMargin` inside
// on GEOFENCE_CONFIRM_REPORTS consecutive reports and leaves once it is GEOFENCE_EXIT_MARGIN_M outside on as many;
// the band between them is wider than GPS noise, so jitter on a border makes one visit. A report far from every
// region costs one grid cell lookup and no allocation.

export { Fence, type FenceSource } from './fence.ts';

export type FenceEventKind = 'enter' | 'exit' | 'deviation' | 'overstay';

export interface FenceEvent {
  /** 'deviation': a path corridor left away from its ends; 'overstay': inside longer than the region allows. */
  kind: FenceEventKind;
  fence: Fence;
  /** Epoch seconds of the first report of the confirming streak. */
  time: number;
  /** Start of the visit (for an exit, what `dwellSeconds` counts from). */
  enterTime: number;
  dwellSeconds: number;
  lat: number;
  lng: number;
}

interface CompanyFences {
  grid: FenceGrid;
  byId: Map<number, Fence>;
  parking: boolean;
}

const NONE: readonly FenceEvent[] = Object.freeze([]);

export class GeofenceIndex {
  private readonly companies = new Map<number, CompanyFences>();
  /** company → vehicle key → its visits, a small array (visit.ts): only regions the vehicle is in or entering. */
  private readonly vehicles = new Map<number, Map<string, Visit[]>>();
  /** Scratch for a report's candidate fences (test and parkingAt never nest). */
  private readonly hits: Fence[] = [];
  private stamp = 0;

  /** Replaces a company's regions (a reload keeps its vehicles' visits of the regions that remain). */
  load(companyId: number, rows: readonly FenceSource[]): void {
    const fences: Fence[] = [];
    for (const row of rows) {
      const fence = Fence.of(row);
      if (fence) fences.push(fence);
    }
    if (fences.length === 0) {
      this.companies.delete(companyId);
      return;
    }
    pack(fences);
    this.companies.set(companyId, {
      grid: new FenceGrid(fences),
      byId: new Map(fences.map((f) => [f.id, f])),
      parking: fences.some((f) => f.useType === RegionUseTypeCode.parking),
    });
  }

  /** Regions fenced (all companies). */
  get size(): number {
    let n = 0;
    for (const c of this.companies.values()) n += c.byId.size;
    return n;
  }

  /**
   * A visit still open in the store (a restart): the vehicle is inside without a new enter. One already past its
   * region's overstay limit at `now` (epoch seconds) raised that alarm before the restart and stays quiet.
   */
  restoreInside(companyId: number, vehicleKey: string, regionId: number, enterTime: number, now = 0): void {
    const limit = this.companies.get(companyId)?.byId.get(regionId)?.overstaySeconds ?? 0;
    const visits = this.visitsOf(companyId, vehicleKey);
    const old = visitOf(visits, regionId);
    if (old) drop(visits, old);
    visits.push({
      regionId,
      inside: true,
      streak: 0,
      since: enterTime,
      enterTime,
      seen: 0,
      overstayed: limit > 0 && now - enterTime >= limit,
    });
  }

  /**
   * One report of a vehicle, in event-time order (the caller drops older ones): the visits it starts and ends.
   * The array is shared and empty when nothing changed.
   */
  test(companyId: number, vehicleKey: string, lat: number, lng: number, time: number): readonly FenceEvent[] {
    const company = this.companies.get(companyId);
    let visits = this.vehicles.get(companyId)?.get(vehicleKey);
    const hits = this.hits;
    const count = company ? company.grid.collect(lat, lng, visits, hits) : 0;
    if (count === 0 && (!visits || visits.length === 0)) return NONE;
    const stamp = ++this.stamp;
    let events: FenceEvent[] | undefined;
    for (let i = 0; i < count; i++) {
      const fence = hits[i] as Fence;
      const depth = fence.depth(lat, lng);
      let visit = visits && visitOf(visits, fence.id);
      if (!visit) {
        if (depth < fence.enterMargin) continue;
        visits ??= this.visitsOf(companyId, vehicleKey);
        visit = {
          regionId: fence.id,
          inside: false,
          streak: 0,
          since: time,
          enterTime: 0,
          seen: stamp,
          overstayed: false,
        };
        visits.push(visit);
      }
      visit.seen = stamp;
      const event = this.step(visits as Visit[], visit, fence, depth, lat, lng, time);
      if (event) {
        events ??= [];
        events.push(event);
      }
    }
    // The visits not among the candidates, in the order they began (a step may remove the one at i).
    for (let i = 0; visits && i < visits.length; ) {
      const visit = visits[i] as Visit;
      if (visit.seen !== stamp) {
        const fence = company?.byId.get(visit.regionId);
        // The region was deleted: its visits went with it (region_visits cascades).
        if (!fence) drop(visits, visit);
        else {
          // Outside the grown bounding box: farther out than the exit margin.
          const event = this.step(visits, visit, fence, -Infinity, lat, lng, time);
          if (event) {
            events ??= [];
            events.push(event);
          }
        }
      }
      if (visits[i] === visit) i++;
    }
    // Only vehicles in or entering a region keep an entry: the lookup above stays in a small, cached table.
    if (visits?.length === 0) this.vehicles.get(companyId)?.delete(vehicleKey);
    return events ?? NONE;
  }

  /**
   * Whether the point is in one of the company's parking regions; undefined when the company has none (the
   * detector then falls back to its line termini).
   */
  parkingAt(companyId: number, lat: number, lng: number): boolean | undefined {
    const company = this.companies.get(companyId);
    if (!company?.parking) return undefined;
    const hits = this.hits;
    const count = company.grid.collect(lat, lng, undefined, hits);
    for (let i = 0; i < count; i++) {
      const fence = hits[i] as Fence;
      if (fence.useType === RegionUseTypeCode.parking && fence.depth(lat, lng) >= 0) return true;
    }
    return false;
  }

  private step(
    visits: Visit[],
    visit: Visit,
    fence: Fence,
    depth: number,
    lat: number,
    lng: number,
    time: number,
  ): FenceEvent | undefined {
    if (!visit.inside) {
      if (depth < fence.enterMargin) {
        drop(visits, visit);
        return undefined;
      }
      if (visit.streak === 0) visit.since = time;
      if (++visit.streak < GEOFENCE_CONFIRM_REPORTS) return undefined;
      visit.inside = true;
      visit.streak = 0;
      visit.enterTime = visit.since;
      return { kind: 'enter', fence, time: visit.since, enterTime: visit.since, dwellSeconds: 0, lat, lng };
    }
    if (depth > -GEOFENCE_EXIT_MARGIN_M) {
      visit.streak = 0;
      if (visit.overstayed || fence.overstaySeconds === 0 || time - visit.enterTime < fence.overstaySeconds) {
        return undefined;
      }
      visit.overstayed = true;
      const dwellSeconds = time - visit.enterTime;
      return { kind: 'overstay', fence, time, enterTime: visit.enterTime, dwellSeconds, lat, lng };
    }
    if (visit.streak === 0) visit.since = time;
    if (++visit.streak < GEOFENCE_CONFIRM_REPORTS) return undefined;
    drop(visits, visit);
    const kind = fence.type === RegionTypeCode.path && !fence.nearEnd(lat, lng) ? 'deviation' : 'exit';
    return {
      kind,
      fence,
      time: visit.since,
      enterTime: visit.enterTime,
      dwellSeconds: Math.max(0, visit.since - visit.enterTime),
      lat,
      lng,
    };
  }

  private visitsOf(companyId: number, vehicleKey: string): Visit[] {
    let company = this.vehicles.get(companyId);
    if (!company) {
      company = new Map();
      this.vehicles.set(companyId, company);
    }
    let visits = company.get(vehicleKey);
    if (!visits) {
      visits = [];
      company.set(vehicleKey, visits);
    }
    return visits;
  }
}

/**
 * The company's fences' numbers in one array, in ~1 km bands of latitude then by longitude: the fences a report
 * tests are neighbours, so their numbers share cache lines and pages.
 */
function pack(fences: Fence[]): void {
  const band = (f: Fence) => Math.floor(f.minY * 100);
  const sorted = [...fences].sort((a, b) => band(a) - band(b) || a.minX - b.minX);
  let size = 0;
  for (const f of sorted) size += f.size;
  const shared = new Float64Array(size);
  let at = 0;
  for (const f of sorted) at = f.packInto(shared, at);
}
