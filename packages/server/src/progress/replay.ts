/**
 * Replays recorded reports through a fresh engine and scores the station events against ground truth. The lead
 * runs this on the fleet simulator's output (its reports per vehicle and its truth JSONL turned into TruthVisit)
 * exactly as the tests run it on the synthetic drive.
 */

import {
  type AccuracyReport,
  type DetectedEvent,
  type ErrorStats,
  errorStats,
  measureAccuracy,
  type TruthVisit,
} from './accuracy.ts';
import { RouteProgressEngine } from './engine.ts';
import type { ProgressOptions } from './options.ts';
import type { LineGeometry, PositionReport } from './types.ts';

export interface RecordedVehicle {
  vehicleId: string;
  routeCode: string;
  /** In event-time order. */
  reports: PositionReport[];
}

export interface ReplayResult {
  accuracy: AccuracyReport;
  /**
   * ETA error (predicted - true arrival, s) over every on-route report after the origin: to the next station and
   * to the terminal.
   * Terminal errors are also split by how far ahead the prediction was made.
   */
  eta: { next: ErrorStats; terminal: ErrorStats; terminalOver15min: ErrorStats };
  events: DetectedEvent[];
  deviations: number;
}

export function replayAccuracy(
  lines: LineGeometry[],
  vehicles: RecordedVehicle[],
  truth: TruthVisit[],
  options: Partial<ProgressOptions> = {},
): ReplayResult {
  const engine = new RouteProgressEngine(options);
  for (const line of lines) engine.setLine(line);
  // Interleave the fleet by time so the shared segment-time history learns in the order it would live.
  const stream: { vehicleId: string; report: PositionReport }[] = [];
  for (const v of vehicles) {
    engine.bind(v.vehicleId, v.routeCode);
    for (const report of v.reports) stream.push({ vehicleId: v.vehicleId, report });
  }
  stream.sort((a, b) => a.report.time - b.report.time);
  const events: DetectedEvent[] = [];
  const arrivals = truthArrivals(truth);
  const lastSerial = new Map<string, number>();
  for (const l of lines)
    for (const d of l.directions) lastSerial.set(`${l.routeCode}|${d.direction}`, d.stations.at(-1)?.serial ?? 0);
  const nextErrors: number[] = [];
  const terminalErrors: number[] = [];
  const farErrors: number[] = [];
  let deviations = 0;
  for (const { vehicleId, report } of stream) {
    const u = engine.update(vehicleId, report);
    if (!u) continue;
    if (u.deviation?.kind === 'start') deviations++;
    const s = u.snapshot;
    // Waiting at the origin the timetable, not the road, decides when the bus leaves: not an ETA to score here.
    const atOrigin = s.serial <= 1 && s.atStation;
    if (s.matched && !s.deviating && !s.layover && !atOrigin && s.distanceToNext > 0) {
      const key = `${vehicleId}|${s.route.code}|${s.direction}`;
      const next = firstArrivalAfter(arrivals.get(`${key}|${s.nextSerial}`), report.time);
      const end = firstArrivalAfter(
        arrivals.get(`${key}|${lastSerial.get(`${s.route.code}|${s.direction}`)}`),
        report.time,
      );
      if (next !== null) nextErrors.push(s.etaNext - next);
      if (end !== null) {
        terminalErrors.push(s.etaTerminal - end);
        if (end - report.time > 900) farErrors.push(s.etaTerminal - end);
      }
    }
    for (const e of u.stationEvents) {
      events.push({
        vehicleId,
        routeCode: e.routeCode,
        direction: e.direction,
        serial: e.serial,
        flag: e.flag,
        eventTime: e.eventTime,
      });
    }
  }
  return {
    accuracy: measureAccuracy(truth, events),
    eta: {
      next: errorStats(nextErrors),
      terminal: errorStats(terminalErrors),
      terminalOver15min: errorStats(farErrors),
    },
    events,
    deviations,
  };
}

function truthArrivals(truth: TruthVisit[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const v of truth) {
    if (v.arrival === null) continue;
    const key = `${v.vehicleId}|${v.routeCode}|${v.direction}|${v.serial}`;
    const list = map.get(key);
    if (list) list.push(v.arrival);
    else map.set(key, [v.arrival]);
  }
  for (const list of map.values()) list.sort((a, b) => a - b);
  return map;
}

/** The true arrival the prediction at `time` was about: the first one not long before it. */
function firstArrivalAfter(list: number[] | undefined, time: number): number | null {
  if (!list) return null;
  for (const t of list) if (t >= time - 30) return t - time > 4 * 3600 ? null : t;
  return null;
}
