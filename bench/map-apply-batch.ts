/**
 * Live map benchmark: main-thread time to apply one live batch of 20,000 vehicles to the map, in headless
 * Chromium with the real WebGL layer (SwiftShader), and the renders that follow. Target: apply < 16 ms (p95).
 *
 *   node --import tsx bench/map-apply-batch.ts [--vehicles 20000] [--rounds 30] [--scenario all|console|clustered|map]
 *     [--datum gcj02|wgs84|bd09] [--no-gc] [--pace 0|500]
 *
 * The page code is the console's own (packages/web/src), bundled with esbuild on the fly: the page and a real
 * Web Worker running the live worker's core (live/live-worker-core.ts). Scenarios:
 *  - console:   what the monitoring screen does per STOMP `gps` frame, clustering off so all 20,000 icons
 *               are in the WebGL layer. In the worker: JSON.parse, FleetState.merge and the columns post
 *               ("worker", off the main thread; the socket is the worker's too). On the main thread, timed
 *               as "apply": the message task's handler, FleetView.apply, and MapVehicles' listener
 *               (VehicleFeatures.apply and its subscribers, the labels layer). "apply (CPU)" is the thread
 *               time of the whole message task, which includes receiving the transferred buffers.
 *  - clustered: the same with clustering on (the settings' default): the cluster grid is recomputed per batch.
 *  - map:       VehicleFeatures.apply alone, fed prebuilt columns (the map kit's own figure).
 * Every round moves, recolours and turns all 20,000 vehicles; rounds follow each other at the next animation
 * frame (harsher than the worker's two posts a second), or `--pace` ms apart (500: the screen's real pace, with
 * OpenLayers' buffer worker and the GPU process idle again before the next batch, as they are in use). "next render" is the synchronous render right after
 * the apply; "upload frames" are the map's later frames of the round (the WebGL buffers built by OpenLayers'
 * worker arrive and go to the GPU). "full refresh" is the main thread's share of a 20,000-row refresh, which
 * the worker fetches and parses: FleetView.load of the identities it posts. GC: V8's collector events from a Chromium trace, per
 * apply window.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'esbuild';
import { chromium } from 'playwright-core';

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '30' },
    scenario: { type: 'string', default: 'all' },
    datum: { type: 'string', default: 'gcj02' },
    'no-gc': { type: 'boolean', default: false },
    pace: { type: 'string', default: '0' },
  },
});
const VEHICLES = Number(values.vehicles);
const ROUNDS = Number(values.rounds);
const SCENARIOS = values.scenario === 'all' ? ['console', 'clustered', 'map'] : [values.scenario as string];
const TRACE_GC = !values['no-gc'];
/** Idle ms after each round: 0 = next round at the next frame; 500 = the worker's real pace of posts. */
const PACE_MS = Number(values.pace);
/** The base map's datum: GCJ-02 is Google's, the console's default outside Chinese (spec section 9). */
const DATUM = values.datum as string;

// Synthetic fleet, shared by the page and the worker: states and speeds vary so that every vehicle changes
// colour and heading from round to round.
const FLEET = `
export const T0 = 1_800_000_000;

export function position(i, n, round) {
  const a = (i * 2.399963 + round * 0.001) % (Math.PI * 2);
  const r = 0.2 * Math.sqrt(i / n);
  return [-74.15 + r * Math.cos(a) + round * 1e-5, 40.58 + r * Math.sin(a)];
}

// A gps frame as the server publishes it (real_data, live/from-position.ts; keyed here by terminal phone).
export function frameJson(n, round) {
  const data = new Array(n);
  for (let i = 0; i < n; i++) {
    const [lng, lat] = position(i, n, round);
    const k = (i + round) % 6;
    data[i] = {
      imei: String(13920000000 + i),
      lat, lng,
      v: k < 3 ? 25 + k : 0,
      a: ((i + round) % 12) * 30,
      s: (k === 5 ? 0 : 1 << 4) | (k === 3 ? 1 : 0) | 2 | (k === 4 ? 1 << 7 : 0),
      w: k === 2 ? 2 : 0,
      et: T0 + round, rt: T0 + round,
      route: { code: 'R' + (i % 300), dir: 1 + (i % 2), sn: i % 30, dist: 120 },
      att: { sat: 12, gsm: 28 },
    };
  }
  return JSON.stringify({ cmd: 'gps', data });
}
`;

// The worker: the live worker's core, fed the frames it would take off the socket. It builds each frame
// itself so that the main thread pays nothing for a frame, as with the real socket in the worker.
const WORKER_ENTRY = `
import { createLiveWorkerCore } from './live/live-worker-core';
import { frameJson } from 'bench-fleet';

const core = createLiveWorkerCore((message, transfer) => self.postMessage(message, transfer));
self.onmessage = (event) => {
  const command = event.data;
  if (command.type === 'bench-frame') {
    core.onBody(frameJson(command.n, command.round));
    // The core posts at most twice a second; the bench takes every round's post at once.
    core.flush();
    return;
  }
  core.onCommand(command);
};
`;

// Runs in the page: a map with the screen's vehicle layers, then timed batches.
const PAGE_ENTRY = `
import OlMap from 'ol/Map';
import View from 'ol/View';
import { FleetView } from './features/monitoring/map/fleet-view';
import { toView } from './map/coords';
import { attachVehicleClusters } from './map/layers/vehicle-clusters';
import { attachVehicleLabels } from './map/layers/vehicle-labels';
import { createVehicleLayer } from './map/layers/vehicle-layer';
import { VehicleFeatures } from './map/vehicle-features';
import { COLOURS } from './map/vehicle-style';
import { frameJson, position, T0 } from 'bench-fleet';

function columnsFor(n, datum) {
  return {
    keys: Array.from({ length: n }, (_, i) => 'v' + i),
    labels: Array.from({ length: n }, (_, i) => String(8000 + i)),
    x: new Float64Array(n), y: new Float64Array(n), colour: new Uint8Array(n), step: new Uint8Array(n),
  };
}

function writeRound(columns, n, round, datum) {
  const xy = [0, 0];
  for (let i = 0; i < n; i++) {
    const [lng, lat] = position(i, n, round);
    toView(datum, lng, lat, xy);
    columns.x[i] = xy[0];
    columns.y[i] = xy[1];
    columns.colour[i] = (i + round) % COLOURS.length;
    columns.step[i] = (i + round) % 12;
  }
}

const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
const task = (run) => new Promise((r) => setTimeout(() => { run(); r(); }, 0));

window.runBench = async (scenario, n, rounds, datum, pace) => {
  const features = new VehicleFeatures();
  const clustered = scenario === 'clustered';
  const map = new OlMap({ target: 'map', view: new View({ center: toView(datum, -74.15, 40.58), zoom: 11 }) });
  map.addLayer(createVehicleLayer(features, clustered));
  // The map's own frames (OpenLayers renders on its animation frame), timed to catch the buffer uploads.
  const frames = [];
  const renderFrame = map.renderFrame_.bind(map);
  map.renderFrame_ = (time) => {
    const t = performance.now();
    renderFrame(time);
    frames.push(performance.now() - t);
  };
  const all = new Uint8Array(n).fill(1);
  const indices = Int32Array.from({ length: n }, (_, i) => i);
  let columns;
  let worker;
  let next;
  let timing = false;
  const result = { firstApply: 0, handoff: 0, firstRender: 0, worker: [], apply: [], render: [], upload: [] };
  const t0 = performance.now();
  if (scenario === 'map') {
    columns = columnsFor(n, datum);
    writeRound(columns, n, 0, datum);
    features.show(columns, all);
    result.firstApply = performance.now() - t0;
  } else {
    if (clustered) attachVehicleClusters(map, features);
    attachVehicleLabels(map, features, null);
    const model = new FleetView();
    // The full refresh's answer (GET /basic/cars/real), served to the worker from a blob URL.
    const rows = JSON.parse(frameJson(n, 0)).data.map((d, i) => ({
      imei: String(864520040000000 + i), terminal_phone: d.imei, car_id: i, car_name: String(8000 + i),
      lpn: 'NY-' + i, route_id: i % 300, route_code: d.route.code, route_name: 'Line ' + d.route.code, fleet_id: 1,
      online: 1, real_data: d,
    }));
    const url = URL.createObjectURL(
      new Blob([JSON.stringify({ code: 0, msg: '', result: { time: T0, rows } })], { type: 'application/json' }),
    );
    // use-monitoring-data's refresh and onFleet listener, and MapVehicles' onChanges listener.
    worker = new Worker(URL.createObjectURL(new Blob([window.WORKER_SOURCE], { type: 'text/javascript' })));
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === 'fleet-roster') {
        const h = performance.now();
        model.load(message);
        result.handoff = performance.now() - h;
        return;
      }
      if (message.type !== 'fleet') return;
      // Rounds only: the full refresh's post is timed as the first load.
      if (timing) performance.mark('apply-start');
      const a = performance.now();
      if (model.apply(message)) features.apply(model, message.index, message.count, all);
      const ms = performance.now() - a;
      if (timing) performance.mark('apply-end');
      next?.({ ms, workMs: message.workMs });
    };
    const answered = () => new Promise((r) => { next = r; });
    worker.postMessage({ type: 'fleet-datum', datum });
    worker.postMessage({ type: 'fleet-refresh', roster: 1, url, headers: {} });
    const first = await answered();
    // The checked set (everyone): MapVehicles' show effect.
    const s = performance.now();
    features.show(model, all);
    result.firstApply = first.ms + performance.now() - s;
    window.benchRound = async (round) => {
      const done = answered();
      worker.postMessage({ type: 'bench-frame', n, round });
      return done;
    };
  }
  const t1 = performance.now();
  map.renderSync();
  result.firstRender = performance.now() - t1;
  await new Promise((r) => setTimeout(r, 500));
  timing = true;
  for (let round = 1; round <= rounds; round++) {
    if (scenario === 'map') writeRound(columns, n, round, datum);
    await frame();
    frames.length = 0;
    if (scenario === 'map') {
      // The apply alone in its task, so that the trace gives its thread (CPU) time too.
      await task(() => {
        performance.mark('apply-start');
        const a = performance.now();
        features.apply(columns, indices, n, all);
        result.apply.push(performance.now() - a);
        performance.mark('apply-end');
      });
    } else {
      const r = await window.benchRound(round);
      result.apply.push(r.ms);
      result.worker.push(r.workMs);
    }
    await task(() => {
      const b = performance.now();
      map.renderSync();
      result.render.push(performance.now() - b);
    });
    frames.length = 0;
    await frame();
    await frame();
    result.upload.push(frames.length > 0 ? Math.max(...frames) : 0);
    if (pace > 0) await new Promise((r) => setTimeout(r, pace));
  }
  worker?.terminate();
  return { ...result, drawn: features.size };
};
`;

interface Stats {
  median: number;
  p95: number;
  max: number;
}

function stats(values: number[]): Stats {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1] as number };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
}

/** Merges intervals [start, end) into disjoint ones (V8's GC trace events nest). */
function union(intervals: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [s, e] of [...intervals].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

interface GcSummary {
  perRound: number[];
  /** Thread (CPU) time of each apply's task: what the apply costs with the CPU to itself. */
  cpu: number[];
  scavenges: number;
  markCompacts: number;
  total: number;
}

/** Main-thread GC time (V8.GC* events of the page's main thread) inside each apply window, and overall. */
function gcInWindows(events: TraceEvent[]): GcSummary {
  const marks = events.filter((e) => e.name === 'apply-start' || e.name === 'apply-end').sort((a, b) => a.ts - b.ts);
  const main = marks[0];
  const gc = events.filter((e) => e.ph === 'X' && e.name.startsWith('V8.GC') && main && e.tid === main.tid);
  const spans = union(gc.map((e) => [e.ts, e.ts + (e.dur ?? 0)]));
  const perRound: number[] = [];
  for (let i = 0; i + 1 < marks.length; i += 2) {
    const start = (marks[i] as TraceEvent).ts;
    const end = (marks[i + 1] as TraceEvent).ts;
    let inside = 0;
    for (const [s, e] of spans) inside += Math.max(0, Math.min(end, e) - Math.max(start, s));
    perRound.push(inside / 1000);
  }
  const tasks = events.filter(
    (e) => e.name === 'ThreadControllerImpl::RunTask' && main && e.tid === main.tid && e.tdur !== undefined,
  );
  const cpu: number[] = [];
  for (let i = 0; i < marks.length; i += 2) {
    const at = (marks[i] as TraceEvent).ts;
    const t = tasks.find((e) => e.ts <= at && at <= e.ts + (e.dur ?? 0));
    if (t) cpu.push((t.tdur ?? 0) / 1000);
  }
  return {
    perRound,
    cpu,
    scavenges: gc.filter((e) => e.name === 'V8.GC_SCAVENGER').length,
    markCompacts: gc.filter((e) => e.name === 'V8.GC_MARK_COMPACTOR').length,
    total: spans.reduce((t, [s, e]) => t + e - s, 0) / 1000,
  };
}

/** esbuild plugin: `bench-fleet` is the FLEET module above. */
const fleetModule: Plugin = {
  name: 'bench-fleet',
  setup(b) {
    b.onResolve({ filter: /^bench-fleet$/ }, () => ({ path: 'bench-fleet', namespace: 'bench' }));
    b.onLoad({ filter: /.*/, namespace: 'bench' }, () => ({ contents: FLEET, loader: 'js' }));
  },
};

async function bundle(contents: string): Promise<string> {
  const out = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('../packages/web/src/', import.meta.url)), loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [fleetModule],
    logLevel: 'error',
  });
  return out.outputFiles[0]?.text ?? '';
}
// Inline scripts must not contain a closing script tag.
const inline = (code: string) => code.replace(/<\/(script)/gi, '<\\/$1');
const script = inline(await bundle(PAGE_ENTRY));
const workerSource = inline(JSON.stringify(await bundle(WORKER_ENTRY)));

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-background-networking', '--enable-unsafe-swiftshader'],
});
const f = (x: number) => x.toFixed(1);
const line = (name: string, s: Stats, extra = '') =>
  console.log(`  ${name.padEnd(13)} median ${f(s.median)} ms, p95 ${f(s.p95)} ms, max ${f(s.max)} ms${extra}`);
try {
  console.log(
    `vehicles ${VEHICLES}, rounds ${ROUNDS}, datum ${DATUM}, pace ${PACE_MS} ms (headless Chromium, SwiftShader WebGL)`,
  );
  for (const scenario of SCENARIOS) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(
      '<!doctype html><html><body style="margin:0"><div id="map" style="width:1280px;height:800px"></div>' +
        `<script>window.WORKER_SOURCE = ${workerSource};</script><script>${script}</script></body></html>`,
    );
    if (TRACE_GC)
      await browser.startTracing(page, { categories: ['disabled-by-default-v8.gc', 'blink.user_timing', 'toplevel'] });
    const result = (await page.evaluate(
      ([s, n, r, d, p]) =>
        // Runs in the page; the bench's tsconfig has no DOM lib, hence globalThis.
        (
          globalThis as unknown as {
            runBench: (s: string, n: number, r: number, d: string, p: number) => Promise<unknown>;
          }
        ).runBench(s as string, n as number, r as number, d as string, p as number),
      [scenario, VEHICLES, ROUNDS, DATUM, PACE_MS],
    )) as {
      firstApply: number;
      handoff: number;
      firstRender: number;
      worker: number[];
      apply: number[];
      render: number[];
      upload: number[];
      drawn: number;
    };
    const trace = TRACE_GC ? await browser.stopTracing() : undefined;
    if (process.env.KEEP_TRACE && trace) (await import('node:fs')).writeFileSync(process.env.KEEP_TRACE, trace);
    await page.close();
    console.log(`${scenario} (${result.drawn} drawn)`);
    console.log(`  first load    apply ${f(result.firstApply)} ms, render ${f(result.firstRender)} ms`);
    if (scenario !== 'map')
      console.log(`  full refresh  main thread ${f(result.handoff)} ms (FleetView.load of the worker's roster)`);
    if (result.worker.length > 0)
      line('worker', stats(result.worker), ' (JSON.parse + merge + columns, off the main thread)');
    const over = result.apply.filter((x) => x >= 16).length;
    line('apply', stats(result.apply), ` — ${over}/${ROUNDS} rounds ≥ 16 ms`);
    line('next render', stats(result.render));
    line('upload frame', stats(result.upload));
    console.log(`  apply rounds  ${result.apply.map((x) => x.toFixed(0)).join(' ')}`);
    if (trace) {
      const gc = gcInWindows((JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents);
      if (gc.cpu.length > 0)
        line(
          'apply (CPU)',
          stats(gc.cpu),
          ` — ${gc.cpu.filter((x) => x >= 16).length}/${gc.cpu.length} rounds ≥ 16 ms (thread time of the apply's task)`,
        );
      const hit = gc.perRound.filter((x) => x > 0);
      console.log(
        `  GC            whole run: ${gc.scavenges} scavenges, ${gc.markCompacts} mark-compacts, ${f(gc.total)} ms ` +
          'on the main thread (incl. incremental marking); ' +
          `inside apply: ${hit.length}/${gc.perRound.length} rounds, ${f(hit.reduce((a, b) => a + b, 0))} ms` +
          (hit.length > 0 ? ` (max ${f(Math.max(...hit))} ms)` : ''),
      );
    }
  }
} finally {
  await browser.close();
}
