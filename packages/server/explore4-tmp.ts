import { loadFeedLines } from './src/progress/testing/feed.ts';
import { syntheticAccuracy } from './src/progress/testing/synthetic-fleet.ts';
import { simulateDrive } from './src/progress/testing/drive.ts';
import { replayAccuracy } from './src/progress/replay.ts';
const lines = await loadFeedLines();
const [interval, noise] = [Number(process.argv[2]), Number(process.argv[3])];
let seed = 1000 + interval * 10 + noise;
const vehicles: any[] = []; const truth: any[] = [];
for (const line of lines) for (let b = 0; b < 4; b++) { const vehicleId = `${line.routeCode}-${b}`;
  const d = simulateDrive(line, { seed: seed++, vehicleId, startTime: 1_790_000_000 + b * 600, trips: 4, interval, noise, outliers: 0.01, stopShare: 0.7, layover: 600 });
  vehicles.push({ vehicleId, routeCode: line.routeCode, reports: d.reports }); truth.push(...d.truth); }
const r = replayAccuracy(lines, vehicles, truth);
const ev = r.events;
for (const v of truth) {
  const a = v.arrival !== null ? ev.find((e) => e.vehicleId === v.vehicleId && e.direction === v.direction && e.serial === v.serial && e.flag === 1 && Math.abs(e.eventTime - v.arrival) <= 120) : 1;
  const d = v.arrival === null ? ev.find((e) => e.vehicleId === v.vehicleId && e.direction === v.direction && e.serial === v.serial && e.flag === 2 && Math.abs(e.eventTime - v.departure) <= 120) : 1;
  if (!a || !d) {
    const near = ev.filter((e) => e.vehicleId === v.vehicleId && e.direction === v.direction && e.serial === v.serial).map((e) => `${e.flag}@${e.eventTime - (v.arrival ?? v.departure)}`);
    console.log('MISS', v.vehicleId, v.direction, v.serial, v.arrival, v.departure, near.join(' '));
  }
}
const lastSerial = new Map(lines.flatMap((l) => l.directions.map((d) => [`${l.routeCode}|${d.direction}`, d.stations.at(-1)!.serial])));
const phantom = r.accuracy.unmatchedEvents.filter((e) => !(e.flag === 1 && e.serial === 1) && !(e.flag === 2 && e.serial === lastSerial.get(`${e.routeCode}|${e.direction}`)));
console.log('phantom', phantom.length, phantom.slice(0, 10));
if (process.argv[4]) {
  const { RouteProgressEngine } = await import('./src/progress/engine.ts');
  const veh = vehicles.find((v) => v.vehicleId === process.argv[4])!;
  const line = lines.find((l) => l.routeCode === veh.routeCode)!;
  const e = new RouteProgressEngine(); e.setLine(line); e.bind('x', line.routeCode);
  const [from, to] = [Number(process.argv[5]), Number(process.argv[6])];
  for (const r of veh.reports) { const u = e.update('x', r)!; const s = u.snapshot;
    if (r.time > from && r.time < to) console.log(r.time, r.speed, r.azimuth, s.direction, s.along.toFixed(0), s.offset.toFixed(0), s.serial, u.stationEvents.map((e) => `${e.serial}/${e.flag}@${e.eventTime}`).join(' ')); }
  console.log(line.directions.map((d) => `${d.direction}: last ${d.stations.at(-1)!.distance} prev ${d.stations.at(-2)!.distance}`));
}
