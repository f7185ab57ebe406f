/**
 * The fleet simulator's ground truth (JSON lines from `npm run simulate -- --truth FILE`, one arrival or departure
 * per line, see docs/simulator.md) as TruthVisits for measureAccuracy. Structural types only: the server does not
 * depend on the simulator package.
 */

import type { TruthVisit } from './accuracy.ts';

/** The fields of a simulator truth record this needs. */
export interface SimulatorTruthRecord {
  phone: string;
  flag: 1 | 2;
  time: number;
  tripId: string;
  routeCode: string;
  direction: 1 | 2;
  /** 0 for a stop that is not one of the line direction's stations (short-turn variant). */
  serial: number;
  stopSequence: number;
}

export interface TruthOptions {
  /**
   * Leave the origin's arrival and the last stop's departure open (default true). The simulator opens the doors at
   * the origin a minute before departing and the bus has been standing there through its layover, so no position
   * shows an arrival; likewise it stands at the terminal after arriving.
   */
  openLayoverEnds?: boolean;
  /** Keep only visits on this line per vehicle (the line the vehicle is bound to; blocks may interline). */
  boundLine?: (vehicleId: string) => string | undefined;
}

export function truthFromSimulator(records: SimulatorTruthRecord[], options: TruthOptions = {}): TruthVisit[] {
  const open = options.openLayoverEnds ?? true;
  const visits = new Map<string, TruthVisit>();
  const lastSequence = new Map<string, number>();
  for (const r of records) {
    const trip = `${r.phone}|${r.tripId}`;
    lastSequence.set(trip, Math.max(lastSequence.get(trip) ?? 0, r.stopSequence));
    if (r.serial === 0) continue;
    if (options.boundLine && options.boundLine(r.phone) !== r.routeCode) continue;
    const key = `${trip}|${r.stopSequence}`;
    let v = visits.get(key);
    if (!v) {
      v = {
        vehicleId: r.phone,
        routeCode: r.routeCode,
        direction: r.direction,
        serial: r.serial,
        arrival: null,
        departure: null,
      };
      visits.set(key, v);
    }
    if (r.flag === 1) v.arrival = r.time;
    else v.departure = r.time;
  }
  if (open) {
    for (const [key, v] of visits) {
      const [phone, tripId, sequence] = key.split('|');
      if (sequence === '1') v.arrival = null;
      if (Number(sequence) === lastSequence.get(`${phone}|${tripId}`)) v.departure = null;
    }
  }
  // A visit left with no time at all (an open end the simulator did not record the other half of) scores nothing.
  return [...visits.values()].filter((v) => v.arrival !== null || v.departure !== null);
}

export function truthFromSimulatorJsonl(text: string, options: TruthOptions = {}): TruthVisit[] {
  const records = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SimulatorTruthRecord);
  return truthFromSimulator(records, options);
}
