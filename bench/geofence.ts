/**
 * Geofence cost: CPU per report of the region index (regions/geofence), and what it adds to the ingest at 25,000
 * reports/s with 10,000 regions.
 *
 * One company with `--regions` regions around a city (60% circles of 50–300 m, 40% polygons of 5–12 vertices and
 * 80–400 m across; 5% of them paths would add little: a path is tested like a polygon edge walk) scattered over
 * a 30 × 30 km square, and `--vehicles` buses each reporting once per fleet second, moving ~10 m/s with ±10 m of
 * GPS noise, turning now and then. Each second's reports are built first (not timed), then run through
 * `GeofenceIndex.test` as the ingest calls it. Printed: ns per report, events per second, the share of one core
 * at 25,000 reports/s, and the share of the ingest's CPU against the enrichment's own cost per report
 * (`--ingest-us`, default 5.3 µs: docs/performance.md "Alarm detection", pass A, without storage or the gateway,
 * so the share is an upper bound).
 *
 *   node --import tsx bench/geofence.ts [--regions 10000] [--vehicles 25000] [--seconds 20] [--ingest-us 5.3]
 */
import { parseArgs } from 'node:util';
import { type FenceSource, GeofenceIndex } from '../packages/server/src/regions/geofence/index.ts';
import { makeRng, offset } from '../packages/server/src/regions/geofence/testing/places.ts';

const { values } = parseArgs({
  options: {
    regions: { type: 'string', default: '10000' },
    vehicles: { type: 'string', default: '25000' },
    seconds: { type: 'string', default: '20' },
    'ingest-us': { type: 'string', default: '5.3' },
  },
});
const REGIONS = Number(values.regions);
const VEHICLES = Number(values.vehicles);
const SECONDS = Number(values.seconds);
const INGEST_US = Number(values['ingest-us']);
const CITY_M = 30_000;
const COMPANY = 1;
const rng = makeRng(42);
const within = (lo: number, hi: number) => lo + rng() * (hi - lo);

const rows: FenceSource[] = [];
for (let id = 1; id <= REGIONS; id++) {
  const cx = within(-CITY_M / 2, CITY_M / 2);
  const cy = within(-CITY_M / 2, CITY_M / 2);
  const base = { id, region_name: `R${id}`, use_type: id % 4, region_option: '{}' };
  if (rng() < 0.6) {
    const [lat, lng] = offset(cx, cy);
    rows.push({ ...base, region_type: 1, region_point: `${lat},${lng},${Math.round(within(50, 300))}` });
  } else {
    const n = Math.floor(within(5, 13));
    const r = within(40, 200);
    const points: string[] = [];
    for (let k = 0; k < n; k++) {
      const a = (k / n) * 2 * Math.PI;
      const rr = r * within(0.7, 1);
      points.push(offset(cx + rr * Math.cos(a), cy + rr * Math.sin(a)).join(','));
    }
    rows.push({ ...base, region_type: 3, region_point: points.join('|') });
  }
}

const index = new GeofenceIndex();
let started = performance.now();
index.load(COMPANY, rows);
const loadMs = performance.now() - started;

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
let cpuNs = 0;
let events = 0;
let reports = 0;
const T0 = 1_790_000_000;
for (let s = 0; s < SECONDS; s++) {
  for (let v = 0; v < VEHICLES; v++) {
    if (rng() < 0.02) headings[v] = within(0, 2 * Math.PI);
    xs[v] = Math.max(-CITY_M / 2, Math.min(CITY_M / 2, (xs[v] as number) + 10 * Math.cos(headings[v] as number)));
    ys[v] = Math.max(-CITY_M / 2, Math.min(CITY_M / 2, (ys[v] as number) + 10 * Math.sin(headings[v] as number)));
    const [la, ln] = offset((xs[v] as number) + within(-10, 10), (ys[v] as number) + within(-10, 10));
    lat[v] = la;
    lng[v] = ln;
  }
  const t = T0 + s;
  started = performance.now();
  for (let v = 0; v < VEHICLES; v++) {
    events += index.test(COMPANY, keys[v] as string, lat[v] as number, lng[v] as number, t).length;
  }
  // The first second warms the JIT and makes the first visits: not counted.
  if (s > 0) {
    cpuNs += (performance.now() - started) * 1e6;
    reports += VEHICLES;
  }
}

const nsPerReport = cpuNs / reports;
const coreShare = (nsPerReport * 25_000) / 1e9;
const ingestShare = nsPerReport / (nsPerReport + INGEST_US * 1000);
console.log(
  JSON.stringify(
    {
      regions: index.size,
      vehicles: VEHICLES,
      seconds: SECONDS - 1,
      loadMs: Math.round(loadMs),
      nsPerReport: Math.round(nsPerReport),
      eventsPerSecond: Math.round(events / SECONDS),
      coreShareAt25k: `${(coreShare * 100).toFixed(2)}%`,
      shareOfIngestCpu: `${(ingestShare * 100).toFixed(1)}% (vs ${INGEST_US} µs/report enrichment)`,
      target: '< 10%',
    },
    null,
    2,
  ),
);
