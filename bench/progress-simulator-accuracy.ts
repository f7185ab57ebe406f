/**
 * Station detection against the FLEET SIMULATOR's own motion model and ground truth (packages/simulator
 * VehicleMotion: timetable-chasing speed, traffic, red lights, dwell with boarding, layovers, deadheads, 3% detours),
 * run in-process: each bus is sampled every `interval` s like its terminal would report, with Gaussian GPS noise
 * added here (the model's positions are exact), and fed through the route-progress engine. Truth comes from the
 * model's station events converted by truthFromSimulator — the same path the simulator's --truth JSONL takes.
 *
 *   node --import tsx bench/progress-simulator-accuracy.ts [vehicles=60] [hours=3] [interval=10] [noise=5]
 */

import { dutiesAt, loadFeedSchedule, Rng, type StationEvent, simDuty, VehicleMotion } from '@headway/simulator';
import { measureAccuracy } from '../packages/server/src/progress/accuracy.ts';
import { lineFromPlan } from '../packages/server/src/progress/adapter.ts';
import type { RecordedVehicle } from '../packages/server/src/progress/replay.ts';
import { replayAccuracy } from '../packages/server/src/progress/replay.ts';
import { type SimulatorTruthRecord, truthFromSimulator } from '../packages/server/src/progress/simulator-truth.ts';
import { mulberry32 } from '../packages/server/src/progress/testing/drive.ts';
import { SHARED_FEED } from '../packages/server/src/progress/testing/feed.ts';

const vehicles = Number(process.argv[2] ?? 60);
const hours = Number(process.argv[3] ?? 3);
const interval = Number(process.argv[4] ?? 10);
const noise = Number(process.argv[5] ?? 5);
// Tuesday 2026-11-24 07:00 in New York: the morning peak of a weekday service.
const START = Date.UTC(2026, 10, 24, 12, 0) / 1000;

const schedule = await loadFeedSchedule(SHARED_FEED);
const lines = schedule.transit.lines.map(lineFromPlan);
const duties = dutiesAt(schedule, START).slice(0, vehicles);
const rng = new Rng(11);
const rand = mulberry32(5);
const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());

const recorded: RecordedVehicle[] = [];
const records: SimulatorTruthRecord[] = [];
const bound = new Map<string, string>();
let detourTrips = 0;
duties.forEach((dated, i) => {
  const duty = simDuty(schedule, dated);
  const motion = new VehicleMotion(duty, rng.fork(i), START, { utcOffsetSeconds: -5 * 3600 });
  const phone = `sim-${i}`;
  bound.set(phone, duty.routeCode);
  const reports: RecordedVehicle['reports'] = [];
  const detoured = new Set<string>();
  const phase = i % interval; // terminals do not all report on the same second
  for (let t = START + phase; t <= START + hours * 3600; t += interval) {
    const events: StationEvent[] = motion.advanceTo(t);
    for (const e of events) records.push({ phone, ...e });
    const s = motion.state();
    if (s.phase === 'parked' || s.phase === 'done') continue;
    if (s.detourMetres > 0) detoured.add(s.tripId);
    const k = 111_320;
    reports.push({
      lat: s.lat + (gauss() * noise) / k,
      lng: s.lng + (gauss() * noise) / (k * Math.cos((s.lat * Math.PI) / 180)),
      speed: s.speed,
      azimuth: s.azimuth,
      time: s.time,
      state: (s.accOn ? 1 : 0) | 0b10,
    });
  }
  detourTrips += detoured.size;
  recorded.push({ vehicleId: phone, routeCode: duty.routeCode, reports });
});

const truth = truthFromSimulator(records, { boundLine: (phone) => bound.get(phone) });
const { accuracy: a, eta, deviations, events } = replayAccuracy(lines, recorded, truth);
// Trips on a variant shape (short turns, S51/S81-style branches) leave the one registered path per direction;
// scored apart so the figure for the registered path is visible.
const mainShape = new Set(schedule.transit.lines.flatMap((l) => l.directions.map((d) => d.shapeId)));
const onMain = (r: SimulatorTruthRecord) => mainShape.has(schedule.feed.trips.get(r.tripId)?.shapeId ?? '');
const mainTruth = truthFromSimulator(records.filter(onMain), { boundLine: (phone) => bound.get(phone) });
const main = measureAccuracy(mainTruth, events);
const reports = recorded.reduce((n, v) => n + v.reports.length, 0);
const f = (s: typeof a.arrivals) =>
  `median ${s.medianAbs.toFixed(0)} s, p90 ${s.p90Abs.toFixed(0)} s, bias ${s.meanSigned.toFixed(1)} s (n=${s.count})`;
console.log(
  `${duties.length} buses, ${hours} h from 07:00, ${interval} s reports, ${noise} m noise: ${reports} reports`,
);
console.log(`visits ${a.visits}, detected ${a.detected} (${(a.detectedShare * 100).toFixed(2)}%)`);
console.log(`arrivals   ${f(a.arrivals)}`);
console.log(`departures ${f(a.departures)}`);
console.log(`unclaimed events ${a.unmatched}`);
console.log(
  `main-pattern trips only: visits ${main.visits}, detected ${(main.detectedShare * 100).toFixed(2)}%, arrivals ${f(main.arrivals)}`,
);
console.log(`ETA next stop ${f(eta.next)}; terminal ${f(eta.terminal)}`);
console.log(`deviation alarms ${deviations} (trips with a simulated detour: ${detourTrips})`);
if (process.env.DEBUG_MISSES) {
  for (const v of mainTruth) {
    const hit = (flag: number, t: number | null) =>
      t === null ||
      events.some(
        (e) =>
          e.vehicleId === v.vehicleId &&
          e.direction === v.direction &&
          e.serial === v.serial &&
          e.flag === flag &&
          Math.abs(e.eventTime - t) <= 120,
      );
    if (!hit(1, v.arrival) || (v.arrival === null && !hit(2, v.departure))) {
      const near = events
        .filter((e) => e.vehicleId === v.vehicleId && e.direction === v.direction && Math.abs(e.serial - v.serial) <= 1)
        .map((e) => `${e.serial}/${e.flag}@${e.eventTime - START}`);
      console.log(
        'MISS',
        v.vehicleId,
        v.routeCode,
        v.direction,
        v.serial,
        (v.arrival ?? 0) - START,
        (v.departure ?? 0) - START,
        near.join(' '),
      );
    }
  }
}
