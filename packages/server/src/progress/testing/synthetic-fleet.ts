/** The synthetic accuracy run: one simulated bus per line of a feed, replayed and scored. Used by tests and bench. */

import { type ReplayResult, replayAccuracy } from '../replay.ts';
import type { LineGeometry } from '../types.ts';
import { simulateDrive } from './drive.ts';

export interface SyntheticRun {
  interval: number;
  noise: number;
  trips: number;
  busesPerLine: number;
  seed: number;
}

export function syntheticAccuracy(lines: LineGeometry[], run: SyntheticRun): ReplayResult & { reports: number } {
  const vehicles = [];
  const truth = [];
  let seed = run.seed;
  for (const line of lines) {
    for (let b = 0; b < run.busesPerLine; b++) {
      const vehicleId = `${line.routeCode}-${b}`;
      const drive = simulateDrive(line, {
        seed: seed++,
        vehicleId,
        startTime: 1_790_000_000 + b * 600,
        trips: run.trips,
        interval: run.interval,
        noise: run.noise,
        outliers: 0.01,
        stopShare: 0.7,
        layover: 600,
      });
      vehicles.push({ vehicleId, routeCode: line.routeCode, reports: drive.reports });
      truth.push(...drive.truth);
    }
  }
  const reports = vehicles.reduce((n, v) => n + v.reports.length, 0);
  return { ...replayAccuracy(lines, vehicles, truth), reports };
}
