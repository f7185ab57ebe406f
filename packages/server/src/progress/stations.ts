/**
 * Station arrival/departure from along-path progress. Each station has a zone [distance - r, distance + r];
 * crossing its entry is an arrival, crossing its exit a departure. The crossing time is interpolated between the
 * two reports either side of the boundary, so a bus reporting every 30 s still gets second-level times, and a
 * station jumped over between two reports gets both events. Progress only moves forward, so jitter backwards
 * across a boundary never repeats an event.
 */

import type { CompiledDirection, CompiledLine } from './compile.ts';
import { type DirectionHistory, learnSegment } from './history.ts';
import type { ProgressOptions } from './options.ts';
import type { StationEvent } from './types.ts';
import type { VehicleProgress } from './vehicle.ts';

/**
 * Moves the vehicle from (v.along, v.time) to (along, time), crossing zone thresholds on the way.
 * @param emit false while deviating or after a jump with no credible path: stations are skipped silently
 * @param estimated the gap between the two reports is too long for the interpolated time to be trusted
 */
export function advanceTo(
  line: CompiledLine,
  v: VehicleProgress,
  history: DirectionHistory,
  along: number,
  time: number,
  emit: boolean,
  estimated: boolean,
  options: ProgressOptions,
  out: StationEvent[],
): void {
  const dir = line.directions[v.dirIndex]!;
  const thr = dir.thresholds;
  const s0 = v.along;
  const t0 = v.time;
  while (v.pointer < thr.length && thr[v.pointer]! <= along) {
    const boundary = thr[v.pointer]!;
    const f = along > s0 ? (boundary - s0) / (along - s0) : 1;
    const at = t0 + (f < 0 ? 0 : f > 1 ? 1 : f) * (time - t0);
    if (emit) record(line, dir, v, history, v.pointer, at, estimated, options, out);
    else v.learnIndex = -1;
    v.pointer++;
  }
  if (!emit) v.stationIndex = stationIndexAt(v.pointer);
}

/** Records the event behind threshold `p` on the vehicle and, when wanted, in `out`. */
export function record(
  line: CompiledLine,
  dir: CompiledDirection,
  v: VehicleProgress,
  history: DirectionHistory,
  p: number,
  at: number,
  estimated: boolean,
  options: ProgressOptions,
  out: StationEvent[],
): void {
  const k = p >> 1;
  const arrival = (p & 1) === 0;
  const eventTime = Math.round(at);
  if (arrival) {
    v.stationIndex = k;
    v.arrivalTime = eventTime;
    v.departureTime = 0;
    if (v.learnIndex === k - 1 && k > 0 && !estimated) learnSegment(history, k - 1, at - v.learnTime, options.historyAlpha);
    v.learnIndex = estimated ? -1 : k;
    v.learnTime = at;
  } else {
    v.departureTime = eventTime;
    if (k === 0) v.tripDeparture = eventTime;
  }
  out.push({
    routeCode: line.routeCode,
    routeName: line.routeName,
    direction: dir.direction,
    serial: dir.serials[k]!,
    stationName: dir.names[k]!,
    flag: arrival ? 1 : 2,
    eventTime,
    estimated,
  });
}

/** Places a vehicle picked up at `along` (first fix, mid-route switch, reset) without inventing past events. */
export function placeAt(dir: CompiledDirection, v: VehicleProgress, along: number): void {
  const thr = dir.thresholds;
  let p = 0;
  while (p < thr.length && thr[p]! <= along) p++;
  v.pointer = p;
  v.stationIndex = stationIndexAt(p);
  v.arrivalTime = 0;
  v.departureTime = 0;
  v.tripDeparture = 0;
  v.learnIndex = -1;
}

/** Last station reached given the next threshold: inside zone k (odd pointer) it is k. */
function stationIndexAt(pointer: number): number {
  return (pointer & 1) === 1 ? (pointer - 1) >> 1 : (pointer >> 1) - 1;
}
