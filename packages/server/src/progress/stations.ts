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
 * @param speedBefore reported speed at v.time and `speed` at `time`, m/s
 * @param emit false while deviating or after a jump with no credible path: stations are skipped silently
 * @param estimated the gap between the two reports is too long for the interpolated time to be trusted
 */
export function advanceTo(
  line: CompiledLine,
  v: VehicleProgress,
  history: DirectionHistory,
  along: number,
  time: number,
  speedBefore: number,
  speed: number,
  emit: boolean,
  estimated: boolean,
  options: ProgressOptions,
  out: StationEvent[],
): void {
  const dir = line.directions[v.dirIndex]!;
  const thr = dir.thresholds;
  const s0 = v.along;
  const t0 = v.time;
  const anchors = dir.anchors;
  while (v.pointer < thr.length && thr[v.pointer]! <= along) {
    const p = v.pointer;
    const at = crossingTime(
      s0,
      t0,
      speedBefore,
      along,
      time,
      speed,
      anchors[p]!,
      dir.stationAlong[p >> 1]!,
      (p & 1) === 0,
    );
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
    if (v.learnIndex === k - 1 && k > 0 && !estimated)
      learnSegment(history, k - 1, at - v.learnTime, options.historyAlpha);
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

/**
 * When the bus got to (arrival) or left (departure) the stop at `stop`, between a report at (s0, t0) with speed v0
 * and one at (s1, t1) with v1 (m/s). Linear interpolation assumes the bus moved the whole interval at one speed;
 * around a stop it did not:
 * - moving, then standing: it ran on at v0 and braked into the stop, which costs v0 / 2b more than running
 *   through at v0 (b a bus's service braking);
 * - standing, then moving: it pulled away from rest at a, reaching v1 after v1 / a and then running at v1;
 * - otherwise (passing, or standing throughout) linear at the zone's anchor point.
 * Always clamped between the two reports.
 */
export function crossingTime(
  s0: number,
  t0: number,
  v0: number,
  s1: number,
  t1: number,
  v1: number,
  anchor: number,
  stop: number,
  arrival: boolean,
): number {
  let at: number;
  if (arrival && v0 >= MOVING && v1 < MOVING) {
    at = t0 + Math.max(0, stop - s0) / v0 + v0 / (2 * BRAKING);
  } else if (!arrival && v0 < MOVING && v1 >= MOVING) {
    const gone = Math.max(0, s1 - stop);
    const accelerating = (v1 * v1) / (2 * PULL_AWAY);
    at =
      gone <= accelerating ? t1 - Math.sqrt((2 * gone) / PULL_AWAY) : t1 - v1 / PULL_AWAY - (gone - accelerating) / v1;
  } else {
    at = s1 > s0 ? t0 + ((anchor - s0) / (s1 - s0)) * (t1 - t0) : t1;
  }
  return at < t0 ? t0 : Math.min(at, t1);
}

/** m/s: below this a report counts as standing for the crossing-time model. */
const MOVING = 1;
/** m/s²: a city bus's service braking and pulling away (loaded, passengers standing). */
const BRAKING = 1.2;
const PULL_AWAY = 1.0;
