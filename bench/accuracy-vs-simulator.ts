/**
 * Station detection of the whole chain against the real fleet simulator: the platform's modules (gateway, live,
 * ingest) on a fresh SQLite file with the demo seed, and the demo fleet's virtual JT/T 808 terminals driving the
 * demo company's buses over TCP with ground truth written as JSON lines. After the run the arrival/departure
 * events the ingest stored in `station_events` are scored against the truth with measureAccuracy.
 *
 * Time warp: the simulation runs `warp` times faster than the wall clock and terminals report every
 * `interval / warp` wall seconds, so reports are `interval` simulated seconds apart and every time (report, truth,
 * detected event) is simulated time — consistent throughout.
 *
 *   node --import tsx bench/accuracy-vs-simulator.ts [--minutes 40] [--warp 4] [--interval 10] [--vehicles 96]
 *     [--detour-chance P]
 *
 * Buses drive each trip's own GTFS shape (branches and short turns included). `deviation_alarms` counts the
 * route-deviation alarms the ingest raised; `simulated_detours` the detours off the shape the simulator's drivers
 * took (3% of trips by default, `--detour-chance 0` for none): alarms beyond those are false alarms.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  demoFleetSpecs,
  Fleet,
  GroundTruthWriter,
  LineDutySource,
  loadFeedSchedule,
  peakTimeShift,
  warpedClock,
} from '@headway/simulator';
import { seedDemo } from '../packages/server/src/demo/seed.ts';
import { departuresDb } from '../packages/server/src/departures/schema.ts';
import { loadLines } from '../packages/server/src/ingest/directory.ts';
import { DEMO_FEED } from '../packages/server/src/lines/demo-seed.ts';
import { zoneOffsetSeconds } from '../packages/simulator/src/plan/zone.ts';
import '../packages/server/src/lines/demo-register.ts';
import { type DetectedEvent, measureAccuracy } from '../packages/server/src/progress/accuracy.ts';
import { truthFromSimulatorJsonl } from '../packages/server/src/progress/simulator-truth.ts';
import { openStore } from '../packages/server/src/store/db.ts';
import { migrateToLatest } from '../packages/server/src/store/migrate.ts';
import { startPlatform } from './support/platform.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '40' },
    warp: { type: 'string', default: '4' },
    interval: { type: 'string', default: '10' },
    vehicles: { type: 'string', default: '96' },
    seed: { type: 'string', default: 'accuracy' },
    'detour-chance': { type: 'string' },
  },
});
const simMinutes = Number(values.minutes);
const warp = Number(values.warp);
const simInterval = Number(values.interval);

const dir = mkdtempSync(join(tmpdir(), 'headway-accuracy-'));
const truthFile = join(dir, 'truth.jsonl');
const store = openStore({ engine: 'sqlite', file: join(dir, 'headway.db') });
await migrateToLatest(store);
const companyId = (await seedDemo(store.db, { password: 'headway2026' })).companyId;

const { app, jt808, stopModules } = await startPlatform(store);

// The demo fleet's buses (the same specs startDemoFleet drives), without crews, on a warped clock.
const specs = await demoFleetSpecs(store.db, { companyId, limit: Number(values.vehicles), crew: false });
const schedule = await loadFeedSchedule(DEMO_FEED);
const now = Math.floor(Date.now() / 1000);
const timeShift = peakTimeShift(schedule, now, specs.length);
const fleet = new Fleet(specs, {
  host: '127.0.0.1',
  port: jt808,
  interval: simInterval / warp,
  clock: warpedClock(Date.now(), warp),
  duties: new LineDutySource(schedule, timeShift),
  seed: values.seed,
  truth: new GroundTruthWriter(truthFile),
  utcOffsetMinutes: 480,
  scheduleUtcOffsetSeconds: zoneOffsetSeconds(schedule.timeZone, now - timeShift),
  rampPerSecond: 200,
  ...(values['detour-chance'] === undefined ? {} : { detourChance: Number(values['detour-chance']) }),
});
const wallStart = Date.now();
await fleet.start();
const wallSeconds = (simMinutes * 60) / warp;
console.error(`${specs.length} buses, ${simMinutes} simulated min at warp ${warp} (${Math.round(wallSeconds)} s)…`);
await new Promise((r) => setTimeout(r, wallSeconds * 1000));
await fleet.stop();
const simulatedDetours = fleet.detours();
// Let the last acknowledged reports through the ingest and the event writer.
await new Promise((r) => setTimeout(r, 1500));
await app.ingest?.events.flush();
const stats = app.ingest ? { ...app.ingest.stats } : undefined;

const events = await departuresDb(store.db)
  .selectFrom('station_events')
  .select(['terminal_phone', 'route_code', 'direction', 'serial', 'flag', 'event_time', 'support'])
  .where('company_id', '=', companyId)
  .execute();
const detected: DetectedEvent[] = events.map((e) => ({
  vehicleId: e.terminal_phone,
  routeCode: e.route_code,
  direction: e.direction,
  serial: e.serial,
  flag: e.flag,
  eventTime: e.event_time,
}));
const bound = new Map(specs.map((s) => [s.phone, s.routeCode]));
// Score only visits whose time falls inside the detected range of that vehicle's run: the first minutes (a bus
// the engine first sees mid-trip) and the visits after the fleet stopped are not detection misses.
const truthText = readFileSync(truthFile, 'utf8');
const firstReport = new Map<string, number>();
const positions = await store.db
  .withTables<import('../packages/server/src/tracks/schema.ts').TrackTables>()
  .selectFrom('positions')
  .select(['terminal_phone', (eb) => eb.fn.min('event_time').as('first'), (eb) => eb.fn.max('event_time').as('last')])
  .groupBy('terminal_phone')
  .execute();
const lastReport = new Map<string, number>();
for (const p of positions) {
  firstReport.set(p.terminal_phone, Number(p.first));
  lastReport.set(p.terminal_phone, Number(p.last));
}
// Trips driven, and how many of them on a shape other than their direction's main one (branch or short turn).
const mainShape = new Map(
  schedule.transit.lines.flatMap((l) => l.directions.map((d) => [`${l.routeCode}/${d.direction}`, d.shapeId])),
);
const tripsDriven = new Map<string, boolean>();
for (const line of truthText.split('\n')) {
  if (!line) continue;
  const r = JSON.parse(line) as { tripId: string; routeCode: string; direction: number };
  if (tripsDriven.has(r.tripId)) continue;
  const shape = schedule.feed.trips.get(r.tripId)?.shapeId;
  tripsDriven.set(r.tripId, shape !== mainShape.get(`${r.routeCode}/${r.direction}`));
}
const allTruth = truthFromSimulatorJsonl(truthText, { boundLine: (phone) => bound.get(phone) });
// A visit counts once the vehicle had reported for 2 minutes (the engine needs a trip start to count serials)
// and ended before its last stored report.
const truth = allTruth.filter((v) => {
  const t = v.arrival ?? v.departure ?? 0;
  const first = firstReport.get(v.vehicleId);
  const last = lastReport.get(v.vehicleId);
  return first !== undefined && last !== undefined && t >= first + 120 && (v.departure ?? t) <= last - simInterval;
});
const report = measureAccuracy(truth, detected);
const missed = truth.length - report.detected;
// Without the 2-minute lead-in: visits a bus made right after its first report (mid-trip start).
const withLeadIn = measureAccuracy(
  allTruth.filter((v) => (v.departure ?? v.arrival ?? 0) <= (lastReport.get(v.vehicleId) ?? 0) - simInterval),
  detected,
);
// Unclaimed events: the origin's arrival and the terminal's departure are open in the truth (layover), so events
// there are expected; anything else is a duplicate or a phantom.
const lines = await loadLines(store.db);
const ends = new Map<string, { first: number; last: number }>();
for (const l of lines.values()) {
  for (const d of l.geometry.directions) {
    ends.set(`${l.routeCode}|${d.direction}`, {
      first: d.stations[0]?.serial ?? 1,
      last: d.stations.at(-1)?.serial ?? 0,
    });
  }
}
let layoverEnds = 0;
let leadIn = 0;
let tail = 0;
const others: DetectedEvent[] = [];
for (const e of report.unmatchedEvents) {
  const end = ends.get(`${e.routeCode}|${e.direction}`);
  const first = firstReport.get(e.vehicleId) ?? 0;
  const last = lastReport.get(e.vehicleId) ?? 0;
  if ((e.flag === 1 && e.serial === end?.first) || (e.flag === 2 && e.serial === end?.last)) layoverEnds++;
  // Events of visits left out of the scoring (the 2-minute lead-in, the last report interval): not phantoms.
  else if (e.eventTime < first + 120 + 60) leadIn++;
  else if (e.eventTime > last - 2 * simInterval) tail++;
  else others.push(e);
}
console.log(
  JSON.stringify(
    {
      bench: 'accuracy-vs-simulator',
      buses: specs.length,
      simulated_minutes: simMinutes,
      warp,
      report_interval_s: simInterval,
      wall_seconds: Math.round((Date.now() - wallStart) / 1000),
      truth_visits_all: allTruth.length,
      truth_visits_scored: truth.length,
      detected_share: Math.round(report.detectedShare * 10000) / 100,
      missed,
      arrivals: report.arrivals,
      departures: report.departures,
      unmatched_events: report.unmatched,
      unmatched_at_layover_ends: layoverEnds,
      unmatched_of_unscored_lead_in: leadIn,
      unmatched_of_unscored_tail: tail,
      unmatched_other: others.length,
      unmatched_other_sample: others.slice(0, 8),
      with_lead_in: {
        visits: withLeadIn.visits,
        detected_share: Math.round(withLeadIn.detectedShare * 10000) / 100,
        arrivals: withLeadIn.arrivals,
      },
      estimated_events: events.filter((e) => e.support === 1).length,
      trips_driven: tripsDriven.size,
      trips_on_variant_shapes: [...tripsDriven.values()].filter(Boolean).length,
      deviation_alarms: stats?.deviations ?? null,
      simulated_detours: simulatedDetours,
      events_stored: events.length,
      ingest: stats,
    },
    null,
    2,
  ),
);
await app.close();
await stopModules();
await store.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
