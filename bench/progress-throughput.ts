/**
 * Route-progress throughput: reports per second through the engine on one core, for a fleet driving the eight real
 * Staten Island lines (shared GTFS feed). Drives are generated first (10 s reports, 5 m GPS noise), then replayed
 * in time order across the fleet, as the ingest would see them.
 *
 *   node --import tsx bench/progress-throughput.ts [vehiclesPerLine=50] [trips=2] [rounds=3]
 */

import { RouteProgressEngine } from '../packages/server/src/progress/index.ts';
import { simulateDrive } from '../packages/server/src/progress/testing/drive.ts';
import { loadFeedLines } from '../packages/server/src/progress/testing/feed.ts';
import type { PositionReport } from '../packages/server/src/progress/types.ts';

const perLine = Number(process.argv[2] ?? 50);
const trips = Number(process.argv[3] ?? 2);
const rounds = Number(process.argv[4] ?? 3);

const lines = await loadFeedLines();
const stream: { id: string; report: PositionReport }[] = [];
const bindings: [string, string][] = [];
let seed = 1;
for (const line of lines) {
  for (let i = 0; i < perLine; i++) {
    const id = `${line.routeCode}-${i}`;
    bindings.push([id, line.routeCode]);
    const drive = simulateDrive(line, {
      seed: seed++,
      vehicleId: id,
      startTime: 1_790_000_000 + i * 97,
      trips,
      interval: 10,
      noise: 5,
      outliers: 0.01,
      stopShare: 0.7,
      layover: 300,
    });
    for (const report of drive.reports) stream.push({ id, report });
  }
}
stream.sort((a, b) => a.report.time - b.report.time);
console.log(`fleet ${bindings.length} vehicles on ${lines.length} lines, ${stream.length} reports per round`);

for (let round = 1; round <= rounds; round++) {
  const engine = new RouteProgressEngine();
  for (const line of lines) engine.setLine(line);
  for (const [id, code] of bindings) engine.bind(id, code);
  let events = 0;
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  for (const { id, report } of stream) events += engine.update(id, report)!.stationEvents.length;
  const cpu = process.cpuUsage(cpuStart);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  // Single-threaded: the rate per CPU-second of this process is the engine's cost on one core even when the
  // machine is shared; the wall-clock rate is printed beside it.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `round ${round}: ${Math.round(stream.length / cpuSeconds).toLocaleString('en')} reports per CPU-second ` +
      `(${((cpuSeconds * 1e6) / stream.length).toFixed(2)} µs/report), ` +
      `${Math.round(stream.length / seconds).toLocaleString('en')} per wall-second, ${events} station events`,
  );
}
