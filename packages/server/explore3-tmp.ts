import { loadFeedLines } from './src/progress/testing/feed.ts';
import { simulateDrive } from './src/progress/testing/drive.ts';
import { RouteProgressEngine } from './src/progress/index.ts';
const [code, interval, noise, from, to] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5]), Number(process.argv[6])];
const lines = await loadFeedLines();
const line = lines.find((l) => l.routeCode === code)!;
const i = lines.indexOf(line);
const engine = new RouteProgressEngine(); engine.setLine(line); engine.bind('x', code);
const drive = simulateDrive(line, { seed: 7 + i, vehicleId: 'x', startTime: 1_790_000_000, trips: 4, interval, noise, outliers: 0.01, stopShare: 0.7, layover: 600 });
for (const r of drive.reports) { const u = engine.update('x', r)!; const s = u.snapshot;
  if (r.time > from && r.time < to) console.log(r.time, r.speed, r.azimuth, s.direction, s.along.toFixed(0), s.offset.toFixed(0), s.serial, u.stationEvents.map(e=>`${e.serial}/${e.flag}@${e.eventTime}`).join(' ')); }
for (const d of line.directions) console.log(d.direction, d.stations.slice(0,3).map(s=>s.distance), d.stations.at(-1)!.distance, d.path.length);
