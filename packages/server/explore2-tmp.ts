import { loadFeedLines } from './src/progress/testing/feed.ts';
import { simulateDrive } from './src/progress/testing/drive.ts';
import { RouteProgressEngine } from './src/progress/index.ts';
import { haversineMetres } from './src/progress/planar.ts';
const lines = await loadFeedLines();
const line = lines.find((l) => l.routeCode === 'S40')!;
for (const d of line.directions) { const a = d.path[0]!, b = d.path[d.path.length-1]!; console.log(d.direction, 'start', a, 'end', b, 'st0', d.stations[0]!.distance, 'stN', d.stations.at(-1)!.distance); }
const [d1, d2] = line.directions as any;
console.log('d1end-d2start', haversineMetres(d1.path.at(-1)[1], d1.path.at(-1)[0], d2.path[0][1], d2.path[0][0]));
console.log('d2end-d1start', haversineMetres(d2.path.at(-1)[1], d2.path.at(-1)[0], d1.path[0][1], d1.path[0][0]));
const engine = new RouteProgressEngine(); engine.setLine(line); engine.bind('x', 'S40');
const drive = simulateDrive(line, { seed: 7, vehicleId: 'x', startTime: 1_790_000_000, trips: 4, interval: 10, noise: 5, outliers: 0.01, stopShare: 0.7, layover: 600 });
for (const r of drive.reports) { const u = engine.update('x', r)!; const s = u.snapshot;
  if (((r.time > 1790007900 && r.time < 1790008450) || (r.time > 1790012200 && r.time < 1790012300)) || r.time < 1790000150) console.log(r.time, r.speed, r.azimuth, s.direction, s.along.toFixed(0), s.offset.toFixed(0), s.serial, u.stationEvents.map(e=>`${e.serial}/${e.flag}@${e.eventTime}`).join(' ')); }
