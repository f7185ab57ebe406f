/**
 * Station-detection accuracy of the route-progress engine on the eight real Staten Island lines, against the
 * SYNTHETIC ground-truth drive in packages/server/src/progress/testing/drive.ts (not yet the fleet simulator's
 * truth). Prints, per reporting interval and GPS noise: visits, share detected, arrival/departure error.
 *
 *   node --import tsx bench/progress-accuracy.ts [busesPerLine=4] [trips=4]
 */

import { loadFeedLines } from '../packages/server/src/progress/testing/feed.ts';
import { syntheticAccuracy } from '../packages/server/src/progress/testing/synthetic-fleet.ts';

const busesPerLine = Number(process.argv[2] ?? 4);
const trips = Number(process.argv[3] ?? 4);
const lines = await loadFeedLines();
const lastSerial = new Map(
  lines.flatMap((l) =>
    l.directions.map((d) => [`${l.routeCode}|${d.direction}`, d.stations.at(-1)!.serial] as [string, number]),
  ),
);

console.log(
  '| interval s | noise m (σ per axis) | visits | detected | arrival median / p90 / bias s | departure median / p90 / bias s | phantom events | terminal-convention events | ETA next stop median / p90 s | ETA terminal median / p90 s (>15 min ahead) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const [interval, noise] of [
  [10, 5],
  [10, 10],
  [20, 8],
  [30, 5],
  [30, 10],
] as const) {
  const { accuracy: a, eta } = syntheticAccuracy(lines, {
    interval,
    noise,
    trips,
    busesPerLine,
    seed: 1000 + interval * 10 + noise,
  });
  const f = (s: typeof a.arrivals) => `${s.medianAbs} / ${s.p90Abs} / ${s.meanSigned.toFixed(1)}`;
  // The truth leaves the origin's arrival and the terminal's departure open (layover); those events are expected.
  const phantom = a.unmatchedEvents.filter(
    (e) =>
      !(e.flag === 1 && e.serial === 1) &&
      !(e.flag === 2 && e.serial === lastSerial.get(`${e.routeCode}|${e.direction}`)),
  ).length;
  console.log(
    `| ${interval} | ${noise} | ${a.visits} | ${(a.detectedShare * 100).toFixed(2)}% | ${f(a.arrivals)} | ${f(a.departures)} | ${phantom} | ${a.unmatched - phantom} | ${eta.next.medianAbs.toFixed(0)} / ${eta.next.p90Abs.toFixed(0)} | ${eta.terminal.medianAbs.toFixed(0)} / ${eta.terminal.p90Abs.toFixed(0)} (${eta.terminalOver15min.medianAbs.toFixed(0)} / ${eta.terminalOver15min.p90Abs.toFixed(0)}) |`,
  );
}
