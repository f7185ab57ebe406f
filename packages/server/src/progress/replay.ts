/**
 * Replays recorded reports through a fresh engine and scores the station events against ground truth. The lead
 * runs this on the fleet simulator's output (its reports per vehicle and its truth JSONL turned into TruthVisit)
 * exactly as the tests run it on the synthetic drive.
 */

import { type AccuracyReport, type DetectedEvent, measureAccuracy, type TruthVisit } from './accuracy.ts';
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
  let deviations = 0;
  for (const { vehicleId, report } of stream) {
    const u = engine.update(vehicleId, report);
    if (!u) continue;
    if (u.deviation?.kind === 'start') deviations++;
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
  return { accuracy: measureAccuracy(truth, events), events, deviations };
}
