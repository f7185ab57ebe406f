/** Builds the engine's view of a vehicle after a report: progress figures, ETA and the spec's `route` object. */

import type { CompiledLine } from './compile.ts';
import { type EtaResult, estimateEta } from './eta.ts';
import type { LineHistory } from './history.ts';
import type { ProgressOptions } from './options.ts';
import type { ProgressSnapshot } from './types.ts';
import { VARIANT_REPORTS } from './variants.ts';
import type { VehicleProgress } from './vehicle.ts';

const eta: EtaResult = { next: 0, terminal: 0 };

export function buildSnapshot(
  line: CompiledLine,
  history: LineHistory,
  v: VehicleProgress,
  now: number,
  o: ProgressOptions,
): ProgressSnapshot {
  const dir = line.directions[v.dirIndex]!;
  const sa = dir.stationAlong;
  const last = sa.length - 1;
  const inZone = (v.pointer & 1) === 1;
  const zoneStation = (v.pointer - 1) >> 1;
  // While in a station's zone the "next" station is the following one, except at the terminal.
  let next = Math.max(0, Math.min(last, inZone ? zoneStation + 1 : v.pointer >> 1));
  let along = v.along;
  // On a branch the held progress would freeze the distances; show it projected to where the branch rejoins
  // (metres left along the branch), and the next station beyond that — the ones on the main path it bypasses are
  // not next.
  const onVariant = v.variantTime > 0 && v.variantTime === v.lastReport;
  if (v.variantRejoin >= 0 && v.variantReports >= VARIANT_REPORTS && v.variantRejoin - v.variantToRejoin > along) {
    along = v.variantRejoin - v.variantToRejoin;
    while (next < last && sa[next]! < along) next++;
  }
  const origin = sa[0] ?? 0;
  const terminal = sa[last] ?? 0;
  const span = terminal - origin;
  const percentRaw = span > 0 ? ((along - origin) / span) * 100 : 0;
  const percent = percentRaw < 0 ? 0 : Math.min(percentRaw, 100);
  const distanceToNext = Math.max(0, (sa[next] ?? 0) - along);
  const distanceToTerminal = Math.max(0, terminal - along);
  estimateEta(dir, history.directions[v.dirIndex]!, along, next, v.speed, now, eta);

  const atOrigin = v.pointer <= 1;
  // Inside the terminal's zone (arrived, the departure threshold next).
  const atTerminal = v.pointer >= 2 * last + 1;
  const layover = v.matched && (atOrigin || atTerminal) && v.stillSince > 0 && now - v.stillSince >= o.layoverSeconds;
  const plan = v.plan && v.plan.direction === dir.direction ? v.plan : null;
  const pdt = plan?.pdt ?? 0;
  const etd = v.tripDeparture > 0 ? v.tripDeparture : atOrigin && v.matched ? Math.max(pdt, now) : 0;
  const serial = v.stationIndex >= 0 ? dir.serials[v.stationIndex]! : 0;

  return {
    matched: v.matched,
    direction: dir.direction,
    along,
    offset: v.offset,
    serial,
    nextSerial: dir.serials[next] ?? 0,
    nextStationName: dir.names[next] ?? '',
    distanceToNext,
    distanceToTerminal,
    percent,
    atStation: inZone,
    deviating: v.deviation.deviating,
    onVariant,
    layover,
    etaNext: Math.round(eta.next),
    etaTerminal: Math.round(eta.terminal),
    route: {
      code: line.routeCode,
      dir: dir.direction,
      sn: serial,
      at: v.stationIndex >= 0 ? v.arrivalTime : 0,
      dt: v.stationIndex >= 0 ? v.departureTime : 0,
      pdt,
      pat: plan?.pat ?? 0,
      etd,
      eta: v.matched ? Math.round(eta.terminal) : 0,
      dist: Math.round(distanceToNext),
    },
  };
}
