import type { TransitPlan } from './gtfs/plan.ts';

/** Demo fleet size cap: enough to fill the map and the line views, small enough for a laptop and a clear console. */
export const DEMO_VEHICLE_CAP = 96;

export interface DemoVehiclePlan {
  /** 1-based running number: car name, plate, IMEI and terminal phone derive from it. */
  index: number;
  carName: string;
  lpn: string;
  imei: string;
  /** 12 digits without a leading zero, so the 2019 20-digit BCD form strips back to the same key. */
  terminalPhone: string;
  protocolVersion: '2013' | '2019';
  channel: string;
  routeCode: string;
  fleetName: string;
}

// MTA depot codes lead the service ids (CA_…, YU_…); elsewhere the prefix simply names a depot.
const DEPOTS: Record<string, string> = { CA: 'Castleton Depot', YU: 'Yukon Depot' };

export function depotName(serviceId: string): string {
  const prefix = serviceId.includes('_') ? serviceId.split('_')[0]! : '';
  return prefix ? (DEPOTS[prefix] ?? `${prefix} Depot`) : 'Main Depot';
}

/**
 * How many buses each line gets in the demo: its peak number of blocks out at once on the busiest day, scaled
 * down so the whole fleet fits the cap (at least 3 per line so both directions show traffic). At run time the
 * simulator puts each bus on a block of its line that is out now; the others wait at the terminal, ACC off.
 */
export function demoFleetPlan(plan: TransitPlan, cap = DEMO_VEHICLE_CAP): DemoVehiclePlan[] {
  const peak = new Map<string, number>();
  const depot = new Map<string, Map<string, number>>();
  const byService = new Map<string, typeof plan.duties>();
  for (const d of plan.duties) {
    byService.set(d.serviceId, [...(byService.get(d.serviceId) ?? []), d]);
    const counts = depot.get(d.routeCode) ?? new Map<string, number>();
    counts.set(depotName(d.serviceId), (counts.get(depotName(d.serviceId)) ?? 0) + 1);
    depot.set(d.routeCode, counts);
  }
  for (const duties of byService.values()) {
    const times = duties.flatMap((d) => [d.startTime, d.endTime]).sort((a, b) => a - b);
    for (const t of times) {
      const out = new Map<string, number>();
      for (const d of duties)
        if (d.startTime <= t && t < d.endTime) out.set(d.routeCode, (out.get(d.routeCode) ?? 0) + 1);
      for (const [code, n] of out) peak.set(code, Math.max(peak.get(code) ?? 0, n));
    }
  }
  const total = [...peak.values()].reduce((a, b) => a + b, 0);
  const scale = total > cap ? cap / total : 1;
  const vehicles: DemoVehiclePlan[] = [];
  for (const line of plan.lines) {
    const count = Math.max(3, Math.floor((peak.get(line.routeCode) ?? 0) * scale));
    const fleets = depot.get(line.routeCode);
    const fleetName = fleets ? [...fleets.entries()].sort((a, b) => b[1] - a[1])[0]![0] : 'Main Depot';
    for (let i = 0; i < count && vehicles.length < cap; i++) {
      const index = vehicles.length + 1;
      vehicles.push({
        index,
        carName: `${8200 + index}`,
        lpn: `NY-BUS-${8200 + index}`,
        imei: `86452004${String(index).padStart(7, '0')}`,
        terminalPhone: `1392026${String(index).padStart(5, '0')}`,
        // One in five terminals speaks the 2019 edition.
        protocolVersion: index % 5 === 0 ? '2019' : '2013',
        channel: 'CH1,CH2,CH3,CH4*',
        routeCode: line.routeCode,
        fleetName,
      });
    }
  }
  return vehicles;
}

const FIRST = [
  'Maria',
  'James',
  'Wei',
  'Aisha',
  'Carlos',
  'Olga',
  'Somchai',
  'Grace',
  'Ahmed',
  'Lucia',
  'Tomasz',
  'Nia',
];
const LAST = ['Rivera', 'Chen', 'Okafor', 'Smith', 'Kowalski', 'Nguyen', 'Haddad', 'Russo', 'Patel', 'Kim', 'Silva'];

/** Deterministic crew names: the same demo every start. */
export function crewName(i: number): string {
  return `${FIRST[i % FIRST.length]} ${LAST[(i * 7 + 3) % LAST.length]}`;
}
