import type { RealData } from './real-data.ts';

/**
 * The newest real_data of every vehicle seen by this node, per company (ARCHITECTURE "live: latest state per
 * vehicle"). Serves the console's full refresh (every 90 s and at tree refresh) without reading the store.
 */
export class LatestPositions {
  private readonly byCompany = new Map<number, Map<string, RealData>>();

  add(companyId: number, positions: readonly RealData[]): void {
    let vehicles = this.byCompany.get(companyId);
    if (!vehicles) {
      vehicles = new Map();
      this.byCompany.set(companyId, vehicles);
    }
    for (const position of positions) {
      const held = vehicles.get(position.imei);
      if (!held || position.et >= held.et) vehicles.set(position.imei, position);
    }
  }

  of(companyId: number): RealData[] {
    return [...(this.byCompany.get(companyId)?.values() ?? [])];
  }

  get(companyId: number, imei: string): RealData | undefined {
    return this.byCompany.get(companyId)?.get(imei);
  }
}
