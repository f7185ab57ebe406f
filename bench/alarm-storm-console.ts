/**
 * Alarm storm in the console: 1,000 alarms/s for 60 s through a real server's gateway, watched by a signed-in
 * console in headless Chromium. Answers the issue's "an alarm storm must neither lose alarms nor freeze the
 * console": alarms raised by the terminals against alarms stored and alarms the page received, and what the storm
 * costs the page's main thread.
 *
 * The server is `packages/server/src/main.ts` in a child process (SQLite in a temp HEADWAY_DATA_DIR, or PostgreSQL
 * with `--pg`), free HTTP / gateway ports, with bench/support/node-probe.ts preloaded for its event-loop delay.
 * Before it starts, the database gets the demo seed plus N devices and vehicles of the demo company bound to its
 * lines, so the admin's console receives every alarm. This process connects N JT/T 808 terminals over TCP, as
 * bench/alarm-storm.ts does: in the storm every report carries one DSM event item (T/JSATL12 0x65, flag 0, a new
 * identification each time: one alarm) and flips the SOS bit of the alarm word (an alarm on every other report,
 * ended on the next): 1.5 alarms per report, so `--rate 1000` is ~667 reports/s spread evenly over the terminals.
 * A baseline of `--baseline` seconds first sends the same reports without alarms, so the page's cost of the
 * positions alone is known.
 *
 * The page (admin, signed in through the login form) stays on the dashboard, or on the live map with
 * `--screen map`. Mid-storm a dispatcher clicks the badge and keeps the alarm dialog open for `--dialog` seconds
 * (0: never), so the storm is measured with the dialog closed and open. Measured in the page, per second:
 * main-thread busy time (CDP Performance.getMetrics TaskDuration per wall second), long tasks (PerformanceObserver
 * 'longtask': count, sum, max), the gap between animation frames (requestAnimationFrame: p50 / p99 / max), the
 * `alarm` live messages and alarms the page got from its live worker (counted by wrapping `Worker` before the
 * console loads), the popups open, the JS heap (peak; after a forced GC at start and end), the renderer's CPU (all
 * its threads, the live worker's included) and the GPU process's (SwiftShader), and the GET /device/alarm/real the
 * page made (count, size). At the end: the badge's unread count (its aria-label, not the capped "99+"), alarms
 * stored (rows of the bench's devices in `alarms`) against raised, and the time until the page had them all.
 * Server side: CPU (/proc) and event-loop delay (the probe). `--profile <file>` writes a CPU profile of the page
 * during the storm (.cpuprofile, for Chromium's DevTools).
 *
 *   node scripts/build-web.mjs   # when packages/web/dist is missing
 *   node --import tsx bench/alarm-storm-console.ts [--seconds 60] [--rate 1000] [--terminals 1000] [--baseline 10]
 *     [--dialog 10] [--after 5] [--screen dashboard|map] [--pg] [--profile <file>] [--timeline] [--json]
 *
 * Responsive (docs/performance.md "Alarms"): no animation frame gap over 200 ms and the main thread busy under 30%
 * of the time. Results are recorded in docs/performance.md "Alarms".
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { epochToLocalTime, type LocationItem, makeLocation } from '@headway/protocol';
import { WarningMask } from '@headway/spec';
import { type CDPSession, chromium, type Page } from 'playwright-core';
import { dsmItem } from '../packages/server/src/alarms/detection/testing/items.ts';
import { alarmsDb } from '../packages/server/src/alarms/schema.ts';
import { seedDemo } from '../packages/server/src/demo/seed.ts';
import type { TestTerminal } from '../packages/server/src/gateway/testing/terminal.ts';
import '../packages/server/src/lines/demo-register.ts';
import { openStore, type StoreConfig } from '../packages/server/src/store/db.ts';
import { migrateToLatest } from '../packages/server/src/store/migrate.ts';
import { type BenchDatabase, createBenchDatabase } from './support/database.ts';
import { lineStops, seedFleet } from './support/fleet.ts';
import { procUsage, quantile } from './support/measure.ts';
import { freePort } from './support/ports.ts';
import { connectTerminals } from './support/terminals.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '1000' },
    terminals: { type: 'string', default: '1000' },
    baseline: { type: 'string', default: '10' },
    screen: { type: 'string', default: 'dashboard' },
    pg: { type: 'boolean', default: false },
    dialog: { type: 'string', default: '10' },
    after: { type: 'string', default: '5' },
    profile: { type: 'string' },
    timeline: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const TERMINALS = Number(args.terminals);
const BASELINE = Number(args.baseline);
const DIALOG = Number(args.dialog);
const AFTER = Number(args.after);
const SCREEN = args.screen === 'map' ? 'map' : 'dashboard';
/** The SOS bit rises on every other report and each report holds one DSM event: 1.5 alarms a report. */
const ALARMS_PER_REPORT = 1.5;

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const PROBE = './bench/support/node-probe.ts';
const PASSWORD = 'bench-Headway-2026';
/** The bench's devices: their IMEIs start with this, so stored alarms are counted for them alone. */
const IMEI_PREFIX = '8667';

// What counts as responsive during the storm (the issue's "must not freeze the console").
const MAX_FRAME_GAP_MS = 200;
const MAX_BUSY_SHARE = 0.3;

interface Bus {
  phone: string;
  tid: string;
  lat: number;
  lng: number;
}

// ---------------------------------------------------------------- database and server

/** Demo seed plus the bench's buses (devices and vehicles of the demo company, bound to its lines). */
async function prepare(config: StoreConfig): Promise<Bus[]> {
  const store = openStore(config);
  try {
    await migrateToLatest(store);
    const { companyId } = await seedDemo(store.db, { password: PASSWORD });
    const lines = await lineStops(store.db, companyId);
    const fleet = await seedFleet(store.db, companyId, {
      count: TERMINALS,
      phonePrefix: '0167',
      imeiPrefix: IMEI_PREFIX,
      namePrefix: 'AS',
      lineIds: lines.map((l) => l.id),
      createdAt: Math.floor(Date.now() / 1000),
    });
    const buses = fleet.map((d): Bus => {
      const at = lines[d.index % lines.length];
      return {
        phone: d.phone,
        tid: `A${String(d.index).padStart(6, '0')}`,
        lat: at?.lat ?? 40.6,
        lng: at?.lng ?? -74.1,
      };
    });
    return buses;
  } finally {
    await store.close();
  }
}

interface Server {
  url: string;
  gatewayPort: number;
  child: ChildProcess;
  probeFile: string;
  stop(): Promise<void>;
}

async function startServer(database: BenchDatabase, dataDir: string): Promise<Server> {
  const [port, gatewayPort, attachmentPort] = [await freePort(), await freePort(), await freePort()];
  const probeFile = join(dataDir, 'probe.jsonl');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    HEADWAY_DATA_DIR: dataDir,
    HEADWAY_DEMO_PASSWORD: PASSWORD,
    HEADWAY_GATEWAY_PORT: String(gatewayPort),
    HEADWAY_GATEWAY_MEDIA_PORT: '0',
    HEADWAY_GATEWAY_ATTACHMENT_PORT: String(attachmentPort),
    HEADWAY_BENCH_PROBE: probeFile,
    LOG_LEVEL: 'warn',
  };
  // One node, no mail: only what the storm needs is measured.
  for (const name of ['DATABASE_URL', 'HEADWAY_SMTP_URL', 'HEADWAY_NATS_URL', 'HEADWAY_ROLES']) delete env[name];
  if (database.config.engine === 'postgres') env.DATABASE_URL = database.location;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', PROBE, 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  // However this process ends, the server does not outlive it.
  process.once('exit', () => child.kill('SIGKILL'));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become ready\n${output}`);
    }
    const ok = await fetch(`${url}/api/company/display`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, gatewayPort, child, probeFile, stop };
}

// ---------------------------------------------------------------- terminals

type Terminal = TestTerminal & { bus: Bus; k: number; storm: number; clock: number };

interface Driver {
  reports: number;
  /** Reports sent in the storm (with alarms). */
  stormReports: number;
  raised: number;
  /** What stopped the driver early (a report it could not encode). */
  error: Error | null;
  stop(): void;
}

/**
 * Reports from every terminal at `reportsPerSecond` in all, evenly phased; with alarms from `stormFrom` (epoch ms)
 * until `stormTo`, none before. Reports stop at `stormTo`.
 */
function drive(terminals: Terminal[], reportsPerSecond: number, stormFrom: number, stormTo: number): Driver {
  const interval = (terminals.length / reportsPerSecond) * 1000;
  const start = Date.now();
  const driver: Driver = { reports: 0, stormReports: 0, raised: 0, error: null, stop: () => clearInterval(timer) };
  const timer = setInterval(() => {
    try {
      tick();
    } catch (error) {
      driver.error = error as Error;
      driver.stop();
    }
  }, 5);
  const tick = () => {
    const now = Date.now();
    if (now >= stormTo) return;
    const storming = now >= stormFrom;
    for (let i = 0; i < terminals.length; i++) {
      const t = terminals[i] as Terminal;
      const due = start + (i / terminals.length) * interval + t.k * interval;
      if (now < due) continue;
      // One second per report at least: the DSM identification is unique per second.
      const time = Math.max(t.clock + 1, Math.floor(now / 1000));
      t.clock = time;
      const { lat, lng } = t.bus;
      const items: LocationItem[] = [{ id: 0x31, satellites: 12 }];
      let alarmFlags = 0;
      if (storming) {
        const sos = t.storm % 2 === 0;
        alarmFlags = sos ? WarningMask.sos : 0;
        items.push(
          dsmItem({
            alarmId: t.storm & 0xffff,
            flag: 0,
            type: 1 + (t.storm % 5),
            time,
            speed: 20,
            ident: { terminalId: t.bus.tid, seq: 0, attachments: 0 },
          }),
        );
        driver.raised += sos ? 2 : 1;
        driver.stormReports++;
        t.storm++;
      }
      t.send({
        msgId: 0x0200,
        body: makeLocation({
          lat,
          lng,
          speedKmh: 20,
          direction: 90,
          time: epochToLocalTime(time, 480),
          status: 0x3,
          alarmFlags,
          items,
        }),
      });
      t.k++;
      driver.reports++;
    }
  };
  return driver;
}

// ---------------------------------------------------------------- the page's probe

/**
 * Installed before the console's own scripts: counts what the live worker hands the page, records long tasks
 * and animation-frame gaps. `take()` returns and clears what gathered since the last call.
 */
const PAGE_PROBE = `(() => {
  const p = { status: 'offline', alarmFrames: 0, alarmBodies: 0, otherMessages: 0, gaps: [], longtasks: [] };
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      this.addEventListener('message', (event) => {
        const d = event.data;
        if (!d) return;
        if (d.type === 'status') p.status = d.status;
        else if (d.type === 'message') {
          if (d.message && d.message.cmd === 'alarm') {
            p.alarmFrames++;
            p.alarmBodies += Array.isArray(d.message.data) ? d.message.data.length : 1;
          } else p.otherMessages++;
        }
      });
    }
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) p.longtasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  let last = 0;
  const frame = (t) => {
    if (last) p.gaps.push(t - last);
    last = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  p.take = () => {
    const out = { status: p.status, alarmFrames: p.alarmFrames, alarmBodies: p.alarmBodies,
      otherMessages: p.otherMessages, gaps: p.gaps, longtasks: p.longtasks };
    p.gaps = [];
    p.longtasks = [];
    return out;
  };
  globalThis.__alarmStormProbe = p;
})();`;

interface Take {
  status: string;
  /** Cumulative since the page loaded. */
  alarmFrames: number;
  alarmBodies: number;
  otherMessages: number;
  /** Since the previous take. */
  gaps: number[];
  longtasks: number[];
}

type Phase = 'baseline' | 'storm' | 'dialog' | 'after';

/** Roughly one second of the page, as the sampler saw it (wall and CPU times in ms). */
interface Sample {
  from: number;
  to: number;
  phase: Phase;
  wallMs: number;
  taskMs: number;
  scriptMs: number;
  heapMiB: number;
  rendererCpuMs: number;
  gpuCpuMs: number;
  take: Take;
  /** This sample's share of the cumulative alarm counters. */
  alarmFrames: number;
  alarmBodies: number;
  rttMs: number;
  popups: number;
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** CPU seconds of the renderers and of the GPU process (SystemInfo.getProcessInfo, all their threads). */
async function chromiumCpu(browserCdp: CDPSession): Promise<{ renderer: number; gpu: number }> {
  const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; cpuTime: number }[];
  };
  let renderer = 0;
  let gpu = 0;
  for (const p of processInfo) {
    if (p.type === 'renderer') renderer += p.cpuTime;
    else if (p.type === 'GPU') gpu += p.cpuTime;
  }
  return { renderer, gpu };
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize / 1048576;
}

/** Samples the page once a second until stopped; `phaseAt` labels each sample by its midpoint. */
function sampler(
  page: Page,
  cdp: CDPSession,
  browserCdp: CDPSession,
  samples: Sample[],
  phaseAt: (t: number) => Phase,
) {
  let running = true;
  const loop = (async () => {
    let m0 = await metrics(cdp);
    let c0 = await chromiumCpu(browserCdp);
    let previous = (await page.evaluate('globalThis.__alarmStormProbe.take()')) as Take;
    let from = Date.now();
    while (running) {
      await new Promise((r) => setTimeout(r, 1000));
      const t = performance.now();
      const take = (await page.evaluate('globalThis.__alarmStormProbe.take()')) as Take;
      const rttMs = performance.now() - t;
      const [m1, c1, popups] = await Promise.all([
        metrics(cdp),
        chromiumCpu(browserCdp),
        page.getByTestId('alarm-popup').count(),
      ]);
      const to = Date.now();
      samples.push({
        from,
        to,
        phase: phaseAt((from + to) / 2),
        wallMs: ((m1.Timestamp ?? 0) - (m0.Timestamp ?? 0)) * 1000,
        taskMs: ((m1.TaskDuration ?? 0) - (m0.TaskDuration ?? 0)) * 1000,
        scriptMs: ((m1.ScriptDuration ?? 0) - (m0.ScriptDuration ?? 0)) * 1000,
        heapMiB: (m1.JSHeapUsedSize ?? 0) / 1048576,
        rendererCpuMs: (c1.renderer - c0.renderer) * 1000,
        gpuCpuMs: (c1.gpu - c0.gpu) * 1000,
        take,
        alarmFrames: take.alarmFrames - previous.alarmFrames,
        alarmBodies: take.alarmBodies - previous.alarmBodies,
        rttMs,
        popups,
      });
      m0 = m1;
      c0 = c1;
      previous = take;
      from = to;
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

// ---------------------------------------------------------------- summary

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const max = (xs: readonly number[]) => xs.reduce((a, b) => Math.max(a, b), 0);

interface ServerSpan {
  cpuPercent: number;
  loopP99Ms: number;
  loopMaxMs: number;
}

/** One GET /device/alarm/real the page made (the badge's refetch, the alarm dialog's list). */
interface ListFetch {
  at: number;
  bytes: number;
  /** `count_only=1`: the badge's count, no rows. */
  countOnly: boolean;
  /** Request sent → response body received. */
  ms: number;
}

function summarise(samples: readonly Sample[], server: ServerSpan | undefined, requests: readonly ListFetch[]) {
  const wall = sum(samples.map((s) => s.wallMs));
  const gaps = samples.flatMap((s) => s.take.gaps).sort((a, b) => a - b);
  const longtasks = samples.flatMap((s) => s.take.longtasks);
  const rtts = samples.map((s) => s.rttMs).sort((a, b) => a - b);
  const counts = requests.filter((f) => f.countOnly);
  const fetches = requests.filter((f) => !f.countOnly);
  const listMs = fetches.map((f) => f.ms).sort((a, b) => a - b);
  return {
    seconds: round(wall / 1000),
    main_thread_busy_percent: round((sum(samples.map((s) => s.taskMs)) / wall) * 100),
    main_thread_busy_worst_second_percent: round(max(samples.map((s) => s.taskMs / s.wallMs)) * 100),
    script_percent: round((sum(samples.map((s) => s.scriptMs)) / wall) * 100),
    longtasks: {
      count: longtasks.length,
      ms_per_s: round(sum(longtasks) / (wall / 1000)),
      max_ms: round(max(longtasks)),
    },
    frames: {
      per_s: round(gaps.length / (wall / 1000)),
      gap_p50_ms: round(quantile(gaps, 0.5)),
      gap_p99_ms: round(quantile(gaps, 0.99)),
      gap_max_ms: round(gaps.at(-1) ?? Number.NaN),
      over_50_ms: gaps.filter((g) => g > 50).length,
      over_200_ms: gaps.filter((g) => g > MAX_FRAME_GAP_MS).length,
    },
    renderer_cpu_percent: round((sum(samples.map((s) => s.rendererCpuMs)) / wall) * 100),
    gpu_cpu_percent: round((sum(samples.map((s) => s.gpuCpuMs)) / wall) * 100),
    heap_peak_mib: round(max(samples.map((s) => s.heapMiB))),
    alarm_frames: sum(samples.map((s) => s.alarmFrames)),
    alarm_bodies: sum(samples.map((s) => s.alarmBodies)),
    live_list_fetches: fetches.length,
    live_list_kib_each: fetches.length > 0 ? round(sum(fetches.map((f) => f.bytes)) / fetches.length / 1024) : 0,
    live_list_ms_p50: round(quantile(listMs, 0.5)),
    live_list_ms_max: round(listMs.at(-1) ?? Number.NaN),
    live_count_fetches: counts.length,
    live_count_ms_max: round(max(counts.map((f) => f.ms))),
    probe_rtt_p50_ms: round(quantile(rtts, 0.5)),
    probe_rtt_max_ms: round(rtts.at(-1) ?? Number.NaN),
    popups_max: max(samples.map((s) => s.popups)),
    server_cpu_percent: server ? round(server.cpuPercent) : null,
    server_loop_p99_ms: server ? round(server.loopP99Ms) : null,
    server_loop_max_ms: server ? round(server.loopMaxMs) : null,
  };
}

type Summary = ReturnType<typeof summarise>;

/**
 * The server's CPU over the seconds `keep` selects (consecutive /proc readings, by their midpoint), and its loop
 * delay from the probe's lines (each covers the 5 s before its time, taken by its middle).
 */
function serverSpan(
  probeFile: string,
  cpu: readonly { at: number; cpuSeconds: number }[],
  keep: (t: number) => boolean,
): ServerSpan | undefined {
  let cpuSeconds = 0;
  let wallMs = 0;
  for (let i = 1; i < cpu.length; i++) {
    const a = cpu[i - 1] as (typeof cpu)[number];
    const b = cpu[i] as (typeof cpu)[number];
    if (!keep((a.at + b.at) / 2)) continue;
    cpuSeconds += b.cpuSeconds - a.cpuSeconds;
    wallMs += b.at - a.at;
  }
  if (wallMs === 0) return undefined;
  const lines = existsSync(probeFile)
    ? readFileSync(probeFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { t: number; p99: number; max: number })
        .filter((l) => keep(l.t - 2500))
    : [];
  return {
    cpuPercent: (cpuSeconds / (wallMs / 1000)) * 100,
    loopP99Ms: max(lines.map((l) => l.p99)),
    loopMaxMs: max(lines.map((l) => l.max)),
  };
}

// ---------------------------------------------------------------- main

const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

async function main(): Promise<void> {
  if (!existsSync(join(REPO_ROOT, 'packages/web/dist/index.html')))
    throw new Error('packages/web/dist is missing: run `node scripts/build-web.mjs` first');
  const reportsPerSecond = RATE / ALARMS_PER_REPORT;
  const database = await createBenchDatabase(args.pg ? 'postgres' : 'sqlite');
  // SQLite: the server's data directory is the one holding the bench's database file (main.ts opens headway.db).
  const dataDir =
    database.config.engine === 'sqlite' ? dirname(database.location) : mkdtempSync(join(tmpdir(), 'headway-bench-'));
  const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  log(`seeding ${TERMINALS} bench buses into the demo company (${database.config.engine})`);
  const buses = await prepare(database.config);
  const server = await startServer(database, dataDir);
  log(`server ${server.url}, gateway ${server.gatewayPort}, pid ${server.child.pid}`);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-background-networking', '--enable-unsafe-swiftshader'],
  });
  const terminals: Terminal[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    // Map tiles and anything else off the server's origin are refused before they leave the machine.
    await context.route(
      (url) => url.origin !== server.url,
      (route) => route.abort('internetdisconnected'),
    );
    await context.addInitScript(PAGE_PROBE);
    const fetches: ListFetch[] = [];
    context.on('requestfinished', (request) => {
      if (!request.url().includes('/device/alarm/real')) return;
      const at = Date.now();
      const ms = request.timing().responseEnd;
      const countOnly = request.url().includes('count_only=1');
      void request.sizes().then(
        (sizes) => fetches.push({ at, bytes: sizes.responseBodySize, ms, countOnly }),
        () => undefined,
      );
    });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('dashboard-welcome').waitFor();
    if (SCREEN === 'map') {
      await page.goto(`${server.url}/monitoring/map`);
      await page.getByTestId('vehicle-search').waitFor();
    }
    await page.waitForFunction('globalThis.__alarmStormProbe.status === "connected"');
    log(`console signed in as admin on the ${SCREEN}, live channel connected`);

    terminals.push(
      ...(await connectTerminals(server.gatewayPort, buses, (bus) => ({ bus, k: 0, storm: 0, clock: 0 }))),
    );
    log(`${terminals.length} terminals online; ${Math.round(reportsPerSecond)} reports/s`);
    await page.waitForTimeout(3000);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const browserCdp = await browser.newBrowserCDPSession();
    const heapStart = await heapAfterGc(cdp);

    const t0 = Date.now();
    const stormFrom = t0 + BASELINE * 1000;
    const stormTo = stormFrom + SECONDS * 1000;
    // The alarm dialog is open for DIALOG seconds in the middle of the storm.
    const dialog = { from: Number.POSITIVE_INFINITY, to: Number.POSITIVE_INFINITY };
    const phaseAt = (t: number): Phase =>
      t < stormFrom ? 'baseline' : t >= stormTo ? 'after' : t >= dialog.from && t < dialog.to ? 'dialog' : 'storm';

    const samples: Sample[] = [];
    const serverCpu: { at: number; cpuSeconds: number }[] = [];
    const cpuTimer = setInterval(() => {
      const u = procUsage(server.child.pid ?? 0);
      if (u) serverCpu.push({ at: Date.now(), cpuSeconds: u.cpuSeconds });
    }, 1000);
    const benchCpu0 = process.cpuUsage();
    const sampling = sampler(page, cdp, browserCdp, samples, phaseAt);
    const driver = drive(terminals, reportsPerSecond, stormFrom, stormTo);
    log(`baseline ${BASELINE} s (the same reports, no alarms)`);
    await sleepUntil(stormFrom);
    if (args.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    log(`storm ${SECONDS} s at ${RATE} alarms/s`);

    // A dispatcher opens the alarm dialog from the badge mid-storm and watches it: time until its rows show.
    let dialogOpenMs: number | null = null;
    let dialogError: string | null = null;
    const dialogRun = (async () => {
      if (DIALOG <= 0) return;
      await sleepUntil(stormFrom + ((SECONDS - DIALOG) * 1000) / 2);
      const rows = page.getByTestId('alarm-row-car');
      const t = performance.now();
      dialog.from = Date.now();
      await page.getByTestId('alarm-counter').click();
      await rows.first().waitFor({ timeout: 10_000 });
      dialogOpenMs = performance.now() - t;
      await sleepUntil(dialog.from + DIALOG * 1000);
      await page.locator('.ant-modal-close:visible').last().click();
      await rows.first().waitFor({ state: 'hidden', timeout: 10_000 });
      dialog.to = Date.now();
    })().catch((error: Error) => {
      dialog.to = Math.min(dialog.to, Date.now());
      dialogError = error.message.split('\n')[0] ?? 'failed';
    });

    await sleepUntil(stormTo);
    driver.stop();
    if (driver.error) throw driver.error;
    await dialogRun;
    if (args.profile) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
      writeFileSync(args.profile, JSON.stringify(profile));
      log(`CPU profile of the storm written to ${args.profile}`);
    }
    log(`storm over: ${driver.raised} alarms raised in ${driver.stormReports} reports; draining`);

    // Drain: until the database holds and the page has received every raised alarm, or 60 s.
    const check = openStore(database.config);
    const stored = async () => {
      const row = await alarmsDb(check.db)
        .selectFrom('alarms')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('imei', 'like', `${IMEI_PREFIX}%`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const drainStart = Date.now();
    for (;;) {
      const inStore = await stored();
      const inPage = (await page.evaluate('globalThis.__alarmStormProbe.alarmBodies')) as number;
      if ((inStore >= driver.raised && inPage >= driver.raised) || Date.now() - drainStart > 60_000) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const drainMs = Date.now() - drainStart;
    // Quiet seconds after the drain: what the page does once the storm has passed (refetches, popups).
    await new Promise((r) => setTimeout(r, AFTER * 1000));
    await sampling.stop();
    clearInterval(cpuTimer);
    const benchCpu = process.cpuUsage(benchCpu0);
    const benchWall = Date.now() - t0;
    const storedCount = await stored();
    await check.close();

    const heapEnd = await heapAfterGc(cdp);
    const counter = page.getByTestId('alarm-counter');
    const badgeLabel = (await counter.getAttribute('aria-label')) ?? '';
    const badgeShown = ((await counter.textContent()) ?? '').trim();
    const popupsOpen = await page.getByTestId('alarm-popup').count();
    const final = (await page.evaluate('globalThis.__alarmStormProbe')) as Take;

    const summary = (keep: (p: Phase) => boolean) =>
      summarise(
        samples.filter((s) => keep(s.phase)),
        serverSpan(server.probeFile, serverCpu, (t) => t >= t0 && keep(phaseAt(t))),
        fetches.filter((f) => keep(phaseAt(f.at))),
      );
    const phases = {
      baseline: summary((p) => p === 'baseline'),
      storm: summary((p) => p === 'storm'),
      dialog: summary((p) => p === 'dialog'),
      whole_storm: summary((p) => p === 'storm' || p === 'dialog'),
      after: summary((p) => p === 'after'),
    };
    // null: the phase did not happen (no dialog with `--dialog 0`).
    const verdict = (s: Summary) =>
      s.seconds === 0
        ? null
        : s.frames.gap_max_ms <= MAX_FRAME_GAP_MS && s.main_thread_busy_percent < MAX_BUSY_SHARE * 100;
    const result = {
      bench: 'alarm-storm-console',
      db: database.config.engine,
      screen: SCREEN,
      terminals: terminals.length,
      seconds: SECONDS,
      storm_reports: driver.stormReports,
      alarms_raised: driver.raised,
      alarms_per_s: round(driver.raised / SECONDS),
      alarms_stored: storedCount,
      alarms_received_by_page: final.alarmBodies,
      alarm_frames_received_by_page: final.alarmFrames,
      lost_in_store: driver.raised - storedCount,
      lost_to_page: driver.raised - final.alarmBodies,
      drain_after_storm_ms: drainMs,
      badge: { label: badgeLabel, shown: badgeShown },
      popups_open_at_end: popupsOpen,
      alarm_dialog: {
        open_for_s: DIALOG,
        rows_shown_after_click_ms: dialogOpenMs === null ? null : round(dialogOpenMs),
        error: dialogError,
      },
      heap_after_gc_mib: { start: round(heapStart), end: round(heapEnd) },
      phases,
      responsive: { storm_dialog_closed: verdict(phases.storm), storm_dialog_open: verdict(phases.dialog) },
      bench_process_cpu_percent: round(((benchCpu.user + benchCpu.system) / 1000 / benchWall) * 100),
      loadavg: loadavg().map((x) => round(x, 2)),
    };
    if (args.json) console.log(JSON.stringify({ ...result, samples: args.timeline ? samples : undefined }, null, 2));
    else print(result, samples);
  } finally {
    for (const t of terminals) t.close();
    await browser.close();
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Printable {
  terminals: number;
  seconds: number;
  db: string;
  screen: string;
  alarms_per_s: number;
  alarms_raised: number;
  alarms_stored: number;
  alarms_received_by_page: number;
  alarm_frames_received_by_page: number;
  lost_in_store: number;
  lost_to_page: number;
  drain_after_storm_ms: number;
  badge: { label: string; shown: string };
  popups_open_at_end: number;
  alarm_dialog: { open_for_s: number; rows_shown_after_click_ms: number | null; error: string | null };
  heap_after_gc_mib: { start: number; end: number };
  phases: Record<'baseline' | 'storm' | 'dialog' | 'whole_storm' | 'after', Summary>;
  responsive: { storm_dialog_closed: boolean | null; storm_dialog_open: boolean | null };
  bench_process_cpu_percent: number;
  loadavg: number[];
}

function print(result: Printable, samples: readonly Sample[]): void {
  const p = result.phases;
  const row = (name: string, f: (s: Summary) => unknown) =>
    console.log(
      `| ${name} | ${f(p.baseline)} | ${f(p.storm)} | ${f(p.dialog)} | ${f(p.whole_storm)} | ${f(p.after)} |`,
    );
  console.log(
    `\nAlarm storm in the console: ${result.terminals} terminals, ${result.alarms_per_s} alarms/s for ` +
      `${result.seconds} s, ${result.db}, the page on the ${result.screen}\n`,
  );
  console.log('| raised | stored | received by the page (frames) | drain after the storm | badge | popups open |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  console.log(
    `| ${result.alarms_raised} | ${result.alarms_stored} | ${result.alarms_received_by_page} ` +
      `(${result.alarm_frames_received_by_page}) | ${result.drain_after_storm_ms} ms | ${result.badge.shown} ` +
      `("${result.badge.label}") | ${result.popups_open_at_end} |`,
  );
  console.log(
    '\n| page | baseline (reports, no alarms) | storm, dialog closed | storm, alarm dialog open | whole storm | after |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  row('seconds', (s) => s.seconds);
  row('main thread busy', (s) => `${s.main_thread_busy_percent}%`);
  row('worst second', (s) => `${s.main_thread_busy_worst_second_percent}%`);
  row('of which script', (s) => `${s.script_percent}%`);
  row('long tasks: count, ms/s, max', (s) => `${s.longtasks.count}, ${s.longtasks.ms_per_s}, ${s.longtasks.max_ms} ms`);
  row('frames/s', (s) => s.frames.per_s);
  row(
    'frame gap p50 / p99 / max',
    (s) => `${s.frames.gap_p50_ms} / ${s.frames.gap_p99_ms} / ${s.frames.gap_max_ms} ms`,
  );
  row('frame gaps > 50 ms, > 200 ms', (s) => `${s.frames.over_50_ms}, ${s.frames.over_200_ms}`);
  row('renderer CPU (all threads)', (s) => `${s.renderer_cpu_percent}%`);
  row('GPU process CPU', (s) => `${s.gpu_cpu_percent}%`);
  row('JS heap peak', (s) => `${s.heap_peak_mib} MiB`);
  row('alarm frames / alarms', (s) => `${s.alarm_frames} / ${s.alarm_bodies}`);
  row(
    'GET /device/alarm/real (list): count, KiB each, ms p50 / max',
    (s) => `${s.live_list_fetches}, ${s.live_list_kib_each}, ${s.live_list_ms_p50} / ${s.live_list_ms_max}`,
  );
  row('GET /device/alarm/real?count_only=1: count, ms max', (s) => `${s.live_count_fetches}, ${s.live_count_ms_max}`);
  row('probe round trip p50 / max', (s) => `${s.probe_rtt_p50_ms} / ${s.probe_rtt_max_ms} ms`);
  row('popups (most seen)', (s) => s.popups_max);
  row('server CPU', (s) => (s.server_cpu_percent === null ? '—' : `${s.server_cpu_percent}%`));
  row('server loop delay p99 / max', (s) =>
    s.server_loop_p99_ms === null ? '—' : `${s.server_loop_p99_ms} / ${s.server_loop_max_ms} ms`,
  );
  const d = result.alarm_dialog;
  console.log(
    `\nJS heap after a forced GC: ${result.heap_after_gc_mib.start} MiB before the baseline, ` +
      `${result.heap_after_gc_mib.end} MiB at the end. Alarm dialog: rows shown ` +
      `${d.rows_shown_after_click_ms ?? '—'} ms after the click, open ${d.open_for_s} s` +
      `${d.error ? ` (${d.error})` : ''}. Bench process CPU ${result.bench_process_cpu_percent}%, ` +
      `load average ${result.loadavg.join(' ')}.`,
  );
  const yes = (b: boolean | null) => (b === null ? 'n/a' : b ? 'yes' : 'NO');
  console.log(
    `Responsive (frame gaps ≤ ${MAX_FRAME_GAP_MS} ms, main thread busy < ${MAX_BUSY_SHARE * 100}%): ` +
      `dialog closed ${yes(result.responsive.storm_dialog_closed)}, dialog open ${yes(result.responsive.storm_dialog_open)}. ` +
      `Lost: ${result.lost_in_store} in the store, ${result.lost_to_page} to the page.`,
  );
  if (!args.timeline) return;
  console.log('\nphase      s  busy%  long ms  gap max  alarms  heap MiB  renderer%  popups');
  samples.forEach((s, n) => {
    console.log(
      `${s.phase.padEnd(8)} ${String(n + 1).padStart(3)} ${((s.taskMs / s.wallMs) * 100).toFixed(0).padStart(5)} ` +
        `${sum(s.take.longtasks).toFixed(0).padStart(8)} ${max(s.take.gaps).toFixed(0).padStart(8)} ` +
        `${String(s.alarmBodies).padStart(7)} ${s.heapMiB.toFixed(1).padStart(9)} ` +
        `${((s.rendererCpuMs / s.wallMs) * 100).toFixed(0).padStart(10)} ${String(s.popups).padStart(7)}`,
    );
  });
}

await main();
