/**
 * Geofence cost: CPU per report of the region index (regions/geofence), and what it adds to the ingest at 25,000
 * reports/s with 10,000 regions.
 *
 * One company with `--regions` regions (regions/geofence/testing/bench-regions.ts: 60% circles of 50–300 m, 40%
 * polygons of 5–12 vertices and 80–400 m across) scattered over an `--area` km square: 30 (the default) is ~11
 * regions/km², far denser than a real fleet's and the worst case; 100 is ~1/km², a metropolitan operator's.
 * `--vehicles` buses over the same square each report once per fleet second, moving ~10 m/s with ±10 m of GPS
 * noise, turning now and then. Each second's reports are built first (not timed). Two modes:
 *
 * - the index alone (default): the reports through `GeofenceIndex.test` as the ingest calls it; ns per report,
 *   events per second, the share of one core at 25,000 reports/s. Back to back the index stays in the caches,
 *   which the rest of the ingest's work evicts: `--evict KB` reads that much of a 64 MB buffer between two
 *   reports (its own time measured alone and taken off).
 * - `--ingest`: the reports through the real IngestPipeline (enrichment, alarm detection, geofencing, the alarm
 *   and visit writers) on a temp SQLite file holding the regions, in batches of 250 as the gateway commits them;
 *   the process's CPU per report, storage of the alarms and visits included. `--regions 0` against
 *   `--regions 10000` is what the regions add to the ingest without the gateway (bench/gateway-ingest.ts
 *   `--regions N` measures it with the gateway).
 *
 *   node --import tsx bench/geofence.ts [--regions 10000] [--area 30] [--vehicles 25000] [--seconds 20]
 *     [--evict 0] [--ingest]
 */
import { parseArgs } from 'node:util';
import { epochToLocalTime, makeLocation } from '@headway/protocol';
import { pino } from 'pino';
import { seedDevices } from '../packages/server/src/gateway/testing/fixture.ts';
import { IngestPipeline, type LivePublisher } from '../packages/server/src/ingest/pipeline.ts';
import { GeofenceIndex } from '../packages/server/src/regions/geofence/index.ts';
import { benchRegions, storeBenchRegions } from '../packages/server/src/regions/geofence/testing/bench-regions.ts';
import { makeRng, offset } from '../packages/server/src/regions/geofence/testing/places.ts';
import { openStore } from '../packages/server/src/store/db.ts';
import { migrateToLatest } from '../packages/server/src/store/migrate.ts';
import { type StoredPosition, toStoredPosition } from '../packages/server/src/tracks/position-row.ts';
import { createBenchDatabase } from './support/database.ts';

const { values } = parseArgs({
  options: {
    regions: { type: 'string', default: '10000' },
    area: { type: 'string', default: '30' },
    vehicles: { type: 'string', default: '25000' },
    seconds: { type: 'string', default: '20' },
    evict: { type: 'string', default: '0' },
    ingest: { type: 'boolean', default: false },
  },
});
const REGIONS = Number(values.regions);
const VEHICLES = Number(values.vehicles);
const SECONDS = Number(values.seconds);
const CITY_M = Number(values.area) * 1000;
/** Doubles read between two reports (`--evict` KB): a stand-in for the rest of the ingest's work on the caches. */
const EVICT = (Number(values.evict) * 1024) / 8;
const COMPANY = 1;
const T0 = 1_790_000_000;
const rng = makeRng(42);
const within = (lo: number, hi: number) => lo + rng() * (hi - lo);

const rows = benchRegions(REGIONS, CITY_M, rng);

// The fleet: positions in metres on the square, one report per vehicle per fleet second.
const xs = new Float64Array(VEHICLES);
const ys = new Float64Array(VEHICLES);
const headings = new Float64Array(VEHICLES);
const keys: string[] = [];
for (let v = 0; v < VEHICLES; v++) {
  xs[v] = within(-CITY_M / 2, CITY_M / 2);
  ys[v] = within(-CITY_M / 2, CITY_M / 2);
  headings[v] = within(0, 2 * Math.PI);
  keys.push(`0139${String(v).padStart(8, '0')}`);
}
const lat = new Float64Array(VEHICLES);
const lng = new Float64Array(VEHICLES);

/** One fleet second: every vehicle on by ~10 m, its reported fix in `lat`/`lng`. */
function drive(): void {
  for (let v = 0; v < VEHICLES; v++) {
    if (rng() < 0.02) headings[v] = within(0, 2 * Math.PI);
    xs[v] = Math.max(-CITY_M / 2, Math.min(CITY_M / 2, (xs[v] as number) + 10 * Math.cos(headings[v] as number)));
    ys[v] = Math.max(-CITY_M / 2, Math.min(CITY_M / 2, (ys[v] as number) + 10 * Math.sin(headings[v] as number)));
    const [la, ln] = offset((xs[v] as number) + within(-10, 10), (ys[v] as number) + within(-10, 10));
    lat[v] = la;
    lng[v] = ln;
  }
}

const area = {
  areaKm: CITY_M / 1000,
  regionsPerKm2: Math.round((REGIONS / (CITY_M / 1000) ** 2) * 10) / 10,
  vehicles: VEHICLES,
};

function benchIndex(): void {
  const index = new GeofenceIndex();
  let started = performance.now();
  index.load(COMPANY, rows);
  const loadMs = performance.now() - started;

  // 64 MB, twice the L3 of the machine these figures come from: a read there is a miss that evicts a line.
  const junk = new Float64Array(EVICT > 0 ? 8 << 20 : 8);
  let junkAt = 0;
  let junkSum = 0;
  const evict = (): void => {
    for (let k = 0; k < EVICT; k += 8) {
      junkSum += junk[junkAt] as number;
      junkAt = (junkAt + 8) & (junk.length - 1);
    }
  };

  let cpuNs = 0;
  let events = 0;
  let reports = 0;
  for (let s = 0; s < SECONDS; s++) {
    drive();
    const t = T0 + s;
    started = performance.now();
    for (let v = 0; v < VEHICLES; v++) {
      events += index.test(COMPANY, keys[v] as string, lat[v] as number, lng[v] as number, t).length;
      if (EVICT > 0) evict();
    }
    let spent = performance.now() - started;
    if (EVICT > 0) {
      // The eviction's own time, measured alone and taken off.
      started = performance.now();
      for (let v = 0; v < VEHICLES; v++) evict();
      spent -= performance.now() - started;
    }
    // The first second warms the JIT and makes the first visits: not counted.
    if (s > 0) {
      cpuNs += spent * 1e6;
      reports += VEHICLES;
    }
  }

  const nsPerReport = cpuNs / reports;
  print({
    regions: index.size,
    ...area,
    seconds: SECONDS - 1,
    loadMs: Math.round(loadMs),
    nsPerReport: Math.round(nsPerReport),
    eventsPerSecond: Math.round(events / SECONDS),
    coreShareAt25k: `${((nsPerReport * 25_000) / 1e7).toFixed(2)}%`,
    ...(EVICT > 0 ? { evictKbPerReport: Number(values.evict), junk: junkSum > 0 ? 'read' : 'zero' } : {}),
  });
}

/** The live channel stands in as a counter: the ingest publishes the same with and without regions. */
class CountingLive implements LivePublisher {
  positions = 0;
  alarms = 0;
  publishPositions(_companyId: number, positions: readonly unknown[]): void {
    this.positions += positions.length;
  }
  publishAlarms(_companyId: number, alarms: readonly unknown[]): void {
    this.alarms += alarms.length;
  }
}

async function benchIngest(): Promise<void> {
  const database = await createBenchDatabase('sqlite');
  const seeding = openStore(database.config);
  await migrateToLatest(seeding);
  const { companyId } = await seedDevices(seeding, [], { company: 'Bench Transit' });
  await storeBenchRegions(seeding.db, companyId, rows, T0);
  // Closed, so the seeding's write-ahead log is checkpointed now rather than by the ingest's first commits.
  await seeding.close();
  const store = openStore(database.config);

  /** One fleet second's reports, as the gateway stores them. */
  const build = (s: number): StoredPosition[] => {
    drive();
    const time = epochToLocalTime(T0 + s, 480);
    const list: StoredPosition[] = [];
    for (let v = 0; v < VEHICLES; v++) {
      const report = makeLocation({
        lat: lat[v] as number,
        lng: lng[v] as number,
        speedKmh: 36,
        altitude: 12,
        direction: 90,
        time,
        status: 0x3,
        items: [],
      });
      const source = { companyId, terminalPhone: keys[v] as string, vehicleId: null, utcOffsetMinutes: 480 };
      list.push(toStoredPosition(report, { ...source, receiveTime: T0 + s }));
    }
    return list;
  };

  let clock = T0;
  const live = new CountingLive();
  const pipeline = new IngestPipeline(store, live, pino({ level: 'warn' }), { warmupSeconds: 0 }, { now: () => clock });
  await pipeline.start();
  /** One fleet second in the gateway's 250-row commits; resolves once the ingest has processed them. */
  const feed = async (list: StoredPosition[]): Promise<void> => {
    const until = pipeline.stats.processed + list.length;
    for (let i = 0; i < list.length; i += 250) pipeline.enqueue(list.slice(i, i + 250));
    while (pipeline.stats.processed < until) await new Promise((r) => setImmediate(r));
  };
  const cpuMsSince = (from: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(from);
    return (used.user + used.system) / 1000;
  };
  // The first second warms the JIT and makes the first visits: not counted.
  await feed(build(0));
  const alarms0 = live.alarms;
  let cpuMs = 0;
  const started = performance.now();
  for (let s = 1; s < SECONDS; s++) {
    clock = T0 + s;
    // Building the reports is not the ingest's work: only feeding them is counted.
    const list = build(s);
    const cpu0 = process.cpuUsage();
    await feed(list);
    cpuMs += cpuMsSince(cpu0);
  }
  // The alarm, visit and state writers flush what is left.
  const regions = pipeline.alarms?.regions.index.size ?? 0;
  const cpu0 = process.cpuUsage();
  await pipeline.stop();
  cpuMs += cpuMsSince(cpu0);
  const wallMs = performance.now() - started;
  const reports = (SECONDS - 1) * VEHICLES;
  print({
    mode: 'ingest',
    regions,
    ...area,
    seconds: SECONDS - 1,
    reports,
    cpuUsPerReport: Math.round(((cpuMs * 1000) / reports) * 100) / 100,
    cpuMs: Math.round(cpuMs),
    wallMs: Math.round(wallMs),
    alarmsPerSecond: Math.round((live.alarms - alarms0) / (SECONDS - 1)),
  });
  await store.close();
  await database.drop();
}

function print(result: Record<string, unknown>): void {
  console.log(JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2));
}

if (values.ingest) await benchIngest();
else benchIndex();
