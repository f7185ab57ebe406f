import { loadFeedLines } from './src/progress/testing/feed.ts';
import { simulateDrive } from './src/progress/testing/drive.ts';
import { RouteProgressEngine, measureAccuracy, type DetectedEvent } from './src/progress/index.ts';
const lines = await loadFeedLines();
const interval = Number(process.argv[2] ?? 10);
const noise = Number(process.argv[3] ?? 5);
const all: any[] = []; const allDet: DetectedEvent[] = [];
for (const [i, line] of lines.entries()) {
  const engine = new RouteProgressEngine();
  engine.setLine(line);
  const id = `v${i}`;
  engine.bind(id, line.routeCode);
  const drive = simulateDrive(line, { seed: 7 + i, vehicleId: id, startTime: 1_790_000_000, trips: 4, interval, noise, outliers: 0.01, stopShare: 0.7, layover: 600 });
  const det: DetectedEvent[] = [];
  let devs = 0;
  for (const r of drive.reports) {
    const u = engine.update(id, r)!;
    if (u.deviation) devs++;
    for (const e of u.stationEvents) det.push({ vehicleId: id, routeCode: e.routeCode, direction: e.direction, serial: e.serial, flag: e.flag, eventTime: e.eventTime });
  }
  const acc = measureAccuracy(drive.truth, det);
  console.log(line.routeCode, drive.reports.length, 'reports', JSON.stringify({ share: acc.detectedShare.toFixed(4), miss: acc.visits - acc.detected, arr: acc.arrivals, dep: acc.departures, unmatched: acc.unmatched, devs }));
  all.push(...drive.truth); allDet.push(...det);
}
console.log('ALL', JSON.stringify(measureAccuracy(all, allDet)));
// details for one line
{
  const line = lines.find((l) => l.routeCode === (process.argv[4] ?? 'S40'))!;
  const engine = new RouteProgressEngine(); engine.setLine(line); engine.bind('x', line.routeCode);
  const i = lines.indexOf(line);
  const drive = simulateDrive(line, { seed: 7 + i, vehicleId: 'x', startTime: 1_790_000_000, trips: 4, interval, noise, outliers: 0.01, stopShare: 0.7, layover: 600 });
  const det: any[] = [];
  for (const r of drive.reports) { const u = engine.update('x', r)!; for (const e of u.stationEvents) det.push(e); }
  for (const v of drive.truth) {
    const a = det.find((e) => e.direction === v.direction && e.serial === v.serial && e.flag === 1 && v.arrival !== null && Math.abs(e.eventTime - v.arrival) < 120);
    const d = det.find((e) => e.direction === v.direction && e.serial === v.serial && e.flag === 2 && v.departure !== null && Math.abs(e.eventTime - v.departure) < 120);
    if ((v.arrival !== null && !a) || (v.arrival === null && !d)) console.log('MISS', v, det.filter((e) => e.direction === v.direction && Math.abs(e.serial - v.serial) <= 1).map((e) => `${e.serial}/${e.flag}@${e.eventTime}`).join(' '));
  }
  const dir = line.directions;
  console.log(dir.map((d) => d.stations.slice(-3).map((s) => `${s.serial}:${s.distance}`).join(',')), dir.map(d=>d.path.length));
}
