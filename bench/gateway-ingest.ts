/**
 * Gateway ingest benchmark: a gateway on a fresh database (in a child process, so the load generator's CPU is
 * not the server's), N terminals that register and authenticate over TCP, R reports/s in total for S seconds.
 * Prints reports/s acked, ack latency p50/p99 seen by the terminals, errors, and the server's CPU and RSS.
 *
 * `--regions N` (0 included) also runs the ingest in the child as the ingest module does (startIngest: enrichment,
 * alarm detection, geofencing, the alarm and visit writers; the live channel a counting stub), with N regions
 * seeded for the devices' company over an `--area` km square (regions/geofence/testing/bench-regions.ts), and the
 * terminals drive across that square (10 m per report, ±10 m noise, turning now and then) instead of repeating
 * fixed fixes. `--regions 0` against `--regions 10000` is then the geofence's share of the whole ingest's CPU.
 *
 *   node --import tsx bench/gateway-ingest.ts --db sqlite|postgres --terminals N --rate R --seconds S
 *     [--regions N [--area 30]]
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { decodeFrame, encodeMessage, epochToLocalTime, FrameSplitter, makeLocation } from '@headway/protocol';
import pg from 'pg';
import { pino } from 'pino';
import { Gateway } from '../packages/server/src/gateway/gateway.ts';
import { LatencyHistogram } from '../packages/server/src/gateway/histogram.ts';
import type { GatewayMetricsJson } from '../packages/server/src/gateway/metrics.ts';
import { gatewayOptionsFromEnv } from '../packages/server/src/gateway/options.ts';
import { busFix, seedDevices } from '../packages/server/src/gateway/testing/fixture.ts';
import { type LivePublisher, startIngest } from '../packages/server/src/ingest/index.ts';
import { benchRegions, storeBenchRegions } from '../packages/server/src/regions/geofence/testing/bench-regions.ts';
import { makeRng, offset } from '../packages/server/src/regions/geofence/testing/places.ts';
import { openStore, type StoreConfig } from '../packages/server/src/store/db.ts';
import { migrateToLatest } from '../packages/server/src/store/migrate.ts';

const PG_ADMIN_URL = process.env.HEADWAY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Centre of the square the regions and the driving terminals share (busFix's Shenzhen). */
const CITY: [number, number] = [22.543, 114.057];

type ServerStats = {
  cpuUserMs: number;
  cpuSystemMs: number;
  maxRssMb: number;
  wallMs: number;
  metrics: GatewayMetricsJson;
  loopDelayP99Ms: number;
  /** With --regions: what the ingest did over the measured phase. */
  ingest?: { processed: number; dropped: number; queued: number; regions: number; alarmsPublished: number };
};

/** The live channel stands in as a counter: the ingest's publishing is the same with and without regions. */
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

// ---------------------------------------------------------------- server side (child process)

async function serve(config: StoreConfig, withIngest: boolean): Promise<void> {
  const store = openStore(config);
  const logger = pino({ level: 'warn' });
  // The gateway's own HEADWAY_GATEWAY_* variables tune the run (batch size, flush interval, SQLite thread).
  const gateway = new Gateway(store, logger, {
    ...gatewayOptionsFromEnv(),
    host: '127.0.0.1',
    port: 0,
    mediaPort: 0,
    attachmentPort: 0,
  });
  const ports = await gateway.start();
  // As ingestModule starts it on a server with the ingest role (default options, committed positions of this gateway).
  const live = new CountingLive();
  const ingest = withIngest ? await startIngest(store, gateway, live, logger.child({ module: 'ingest' })) : undefined;
  const processed0 = { processed: 0, dropped: 0, alarms: 0 };
  let maxRss = 0;
  const sample = setInterval(() => (maxRss = Math.max(maxRss, process.memoryUsage().rss)), 250);
  let cpu0 = process.cpuUsage();
  let t0 = performance.now();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on('message', async (msg: { cmd: string }) => {
    if (msg.cmd === 'mark') {
      // Start of the measured phase: CPU and latency from here on only.
      cpu0 = process.cpuUsage();
      t0 = performance.now();
      maxRss = process.memoryUsage().rss;
      gateway.metrics.ackLatency.reset();
      gateway.metrics.commitLatency.reset();
      loopDelay.reset();
      processed0.processed = ingest?.pipeline.stats.processed ?? 0;
      processed0.dropped = ingest?.pipeline.stats.dropped ?? 0;
      processed0.alarms = live.alarms;
      process.send?.({ cmd: 'marked' });
    } else if (msg.cmd === 'stats') {
      // The ingest may lag the acks on a busy machine: its CPU counts once what was committed is processed.
      if (ingest) await drained(ingest.pipeline.stats);
      const cpu = process.cpuUsage(cpu0);
      const stats: ServerStats = {
        cpuUserMs: cpu.user / 1000,
        cpuSystemMs: cpu.system / 1000,
        maxRssMb: Math.round(maxRss / 1048576),
        wallMs: performance.now() - t0,
        metrics: gateway.metrics.toJSON(),
        loopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e6),
      };
      if (ingest) {
        const s = ingest.pipeline.stats;
        stats.ingest = {
          processed: s.processed - processed0.processed,
          dropped: s.dropped - processed0.dropped,
          queued: s.queued,
          regions: ingest.pipeline.alarms?.regions.index.size ?? 0,
          alarmsPublished: live.alarms - processed0.alarms,
        };
      }
      process.send?.({ cmd: 'stats', stats });
    } else if (msg.cmd === 'stop') {
      clearInterval(sample);
      await gateway.stop();
      await ingest?.stop();
      await store.close();
      process.exit(0);
    }
  });
  process.send?.({ cmd: 'ready', port: ports.jt808 });
}

/** Resolves once the ingest's queue is empty and nothing more is processed for 200 ms (at most 60 s). */
async function drained(stats: { processed: number; queued: number }): Promise<void> {
  const end = performance.now() + 60_000;
  let last = -1;
  while (performance.now() < end && (stats.queued > 0 || stats.processed !== last)) {
    last = stats.processed;
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ---------------------------------------------------------------- load generator (parent)

class BenchTerminal {
  private flowId = 0;
  private readonly splitter = new FrameSplitter();
  private readonly sent = new Map<number, number>();
  private waiter: ((m: { msgId: number; body: Record<string, unknown> }) => void) | undefined;
  acked = 0;

  constructor(
    readonly socket: Socket,
    readonly phone: string,
    readonly latency: LatencyHistogram,
    private readonly drive?: Drive,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      for (const f of this.splitter.push(chunk)) {
        const r = decodeFrame(f);
        if (!r.ok || r.message.kind !== 'message') continue;
        const m = r.message;
        if (m.msgId === 0x8001 && m.body.replyMsgId === 0x0200) {
          const at = this.sent.get(m.body.replyFlowId);
          if (at !== undefined) {
            this.sent.delete(m.body.replyFlowId);
            this.latency.record(performance.now() - at);
            this.acked++;
          }
        } else this.waiter?.(m as never);
      }
    });
    socket.on('error', () => {});
  }

  private send(message: Parameters<typeof encodeMessage>[0]): number {
    const flowId = this.flowId;
    this.flowId = (flowId + 1) & 0xffff;
    this.socket.write(encodeMessage(message, { version: 2013, phone: this.phone, flowId }));
    return flowId;
  }

  private reply(): Promise<{ msgId: number; body: Record<string, unknown> }> {
    return new Promise((resolve) => (this.waiter = resolve));
  }

  async login(): Promise<boolean> {
    const r = this.reply();
    this.send({
      msgId: 0x0100,
      body: {
        province: 44,
        city: 300,
        maker: 'BENCH',
        model: 'B-808',
        terminalId: 'B000001',
        plateColor: 1,
        plate: '',
      },
    });
    const reg = await r;
    if (reg.body.result !== 0) return false;
    const a = this.reply();
    this.send({ msgId: 0x0102, body: { token: String(reg.body.token) } });
    return (await a).body.result === 0;
  }

  report(epoch: number, i: number): void {
    const body = this.drive ? this.drive.next(epoch) : busFix(epoch, i % 100);
    const flowId = this.send({ msgId: 0x0200, body });
    this.sent.set(flowId, performance.now());
  }

  get unacked(): number {
    return this.sent.size;
  }
}

/**
 * A terminal driving across the regions' square as bench/geofence.ts drives its buses: each report 10 m on along
 * its heading, ±10 m of GPS noise, a new heading on 2% of reports, kept inside the square.
 */
class Drive {
  private x: number;
  private y: number;
  private heading: number;

  constructor(
    private readonly sideM: number,
    private readonly rng: () => number,
  ) {
    this.x = (rng() - 0.5) * sideM;
    this.y = (rng() - 0.5) * sideM;
    this.heading = rng() * 2 * Math.PI;
  }

  next(epoch: number) {
    const half = this.sideM / 2;
    if (this.rng() < 0.02) this.heading = this.rng() * 2 * Math.PI;
    this.x = Math.max(-half, Math.min(half, this.x + 10 * Math.cos(this.heading)));
    this.y = Math.max(-half, Math.min(half, this.y + 10 * Math.sin(this.heading)));
    const [lat, lng] = offset(this.x + (this.rng() - 0.5) * 20, this.y + (this.rng() - 0.5) * 20, CITY);
    return makeLocation({
      lat,
      lng,
      speedKmh: 36,
      altitude: 12,
      direction: 90,
      time: epochToLocalTime(epoch, 480),
      status: 0x3,
      items: [
        { id: 0x01, mileageKm: 1234.5 },
        { id: 0x30, rssi: 25 },
        { id: 0x31, satellites: 11 },
      ],
    });
  }
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect({ port, host: '127.0.0.1' });
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite' },
      terminals: { type: 'string', default: '1000' },
      rate: { type: 'string', default: '10000' },
      seconds: { type: 'string', default: '20' },
      regions: { type: 'string' },
      area: { type: 'string', default: '30' },
      serve: { type: 'string' },
      ingest: { type: 'boolean', default: false },
    },
  });
  if (values.serve) return serve(JSON.parse(values.serve) as StoreConfig, values.ingest);

  const terminals = Number(values.terminals);
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  const regions = values.regions === undefined ? undefined : Number(values.regions);
  const areaM = Number(values.area) * 1000;

  // Fresh database.
  let config: StoreConfig;
  let cleanup: () => Promise<void>;
  if (values.db === 'postgres') {
    const name = `headway_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    config = { engine: 'postgres', url: url.toString() };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'headway-bench-'));
    config = { engine: 'sqlite', file: join(dir, 'headway.db') };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const phones = Array.from({ length: terminals }, (_, i) => `0139${String(i).padStart(8, '0')}`);
  {
    const store = openStore(config);
    await migrateToLatest(store);
    const { companyId } = await seedDevices(store, phones, { company: 'Bench Transit' });
    if (regions) {
      const rows = benchRegions(regions, areaM, makeRng(42), CITY);
      await storeBenchRegions(store.db, companyId, rows, Math.floor(Date.now() / 1000));
    }
    await store.close();
  }

  const serveArgs = ['--serve', JSON.stringify(config), ...(regions === undefined ? [] : ['--ingest'])];
  const child = fork(fileURLToPath(import.meta.url), serveArgs, {
    // BENCH_SERVER_NODE_ARGS="--cpu-prof" profiles the gateway process.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
  });
  const messages: { cmd: string; port?: number; stats?: ServerStats }[] = [];
  const waiters: ((m: (typeof messages)[number]) => void)[] = [];
  child.on('message', (m: (typeof messages)[number]) => {
    const w = waiters.shift();
    if (w) w(m);
    else messages.push(m);
  });
  const ask = (cmd?: string) =>
    new Promise<(typeof messages)[number]>((resolve) => {
      if (cmd) child.send({ cmd });
      const m = messages.shift();
      if (m) resolve(m);
      else waiters.push(resolve);
    });
  const ready = await ask();
  const port = ready.port ?? 0;

  // Ramp up: somaxconn is 4096, so connect in waves rather than all at once.
  const latency = new LatencyHistogram();
  const fleet: BenchTerminal[] = [];
  let loginFailures = 0;
  const rampStart = performance.now();
  for (let i = 0; i < terminals; i += 500) {
    const wave = phones.slice(i, i + 500);
    const made = await Promise.all(
      wave.map(async (phone) => {
        const drive = regions === undefined ? undefined : new Drive(areaM, makeRng(Number(phone.slice(4)) + 1));
        const t = new BenchTerminal(await openSocket(port), phone, latency, drive);
        if (!(await t.login())) loginFailures++;
        return t;
      }),
    );
    fleet.push(...made);
  }
  const rampMs = performance.now() - rampStart;

  await ask('mark');
  const genLoop = monitorEventLoopDelay({ resolution: 10 });
  genLoop.enable();
  const genCpu0 = process.cpuUsage();
  const start = performance.now();
  const tickMs = 10;
  let sent = 0;
  let skipped = 0;
  let cursor = 0;
  const epoch = Math.floor(Date.now() / 1000);
  // Reports are due at a constant rate; each tick sends what is due (catching up if a tick ran late).
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - start;
      if (elapsed >= seconds * 1000) {
        clearInterval(timer);
        resolve();
        return;
      }
      const due = Math.floor((elapsed / 1000) * rate);
      while (sent + skipped < due) {
        const t = fleet[cursor % fleet.length] as BenchTerminal;
        cursor++;
        // A real terminal waits for its acks; cap what one has outstanding (a slow server shows as skipped).
        if (t.unacked >= 64) {
          skipped++;
          continue;
        }
        t.report(epoch + Math.floor(elapsed / 1000), sent);
        sent++;
      }
    }, tickMs);
  });
  const sendMs = performance.now() - start;
  // Drain: wait up to 10 s for the last acks.
  const drainStart = performance.now();
  while (fleet.some((t) => t.unacked > 0) && performance.now() - drainStart < 10_000) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const totalMs = performance.now() - start;
  const genCpu = process.cpuUsage(genCpu0);
  const server = (await ask('stats')).stats as ServerStats;
  const acked = fleet.reduce((n, t) => n + t.acked, 0);
  const lost = fleet.reduce((n, t) => n + t.unacked, 0);
  const lat = latency.snapshot();
  const serverCpuPct = ((server.cpuUserMs + server.cpuSystemMs) / server.wallMs) * 100;
  const genCpuPct = ((genCpu.user + genCpu.system) / 1000 / totalMs) * 100;

  const result = {
    date: new Date().toISOString(),
    db: config.engine,
    terminals,
    targetRate: rate,
    seconds,
    rampSeconds: Math.round(rampMs / 100) / 10,
    loginFailures,
    sent,
    skippedBackpressure: skipped,
    acked,
    unackedAfterDrain: lost,
    ackedPerSecond: Math.round(acked / (sendMs / 1000)),
    ackLatencyMs: { p50: lat.p50Ms, p90: lat.p90Ms, p99: lat.p99Ms, max: lat.maxMs },
    serverAckLatencyMs: server.metrics.ingest.ackLatency,
    serverCommitMs: { p50: server.metrics.ingest.commitLatency.p50Ms, p99: server.metrics.ingest.commitLatency.p99Ms },
    batches: server.metrics.ingest.batches,
    rowsPerBatch: Math.round(server.metrics.ingest.positionsStored / Math.max(1, server.metrics.ingest.batches)),
    errors: {
      batchErrors: server.metrics.ingest.batchErrors,
      decodeErrors: server.metrics.decodeErrors,
      closedBackpressure: server.metrics.closed.backpressure,
    },
    serverCpuPercent: Math.round(serverCpuPct),
    serverCpuUsPerAckedReport:
      Math.round((((server.cpuUserMs + server.cpuSystemMs) * 1000) / Math.max(1, acked)) * 10) / 10,
    ...(server.ingest ? { regions, areaKm: areaM / 1000, ingest: server.ingest } : {}),
    serverMaxRssMb: server.maxRssMb,
    serverLoopDelayP99Ms: server.loopDelayP99Ms,
    generatorCpuPercent: Math.round(genCpuPct),
    generatorLoopDelayP99Ms: Math.round(genLoop.percentile(99) / 1e6),
    loadAverage: loadavg().map((n) => Math.round(n * 10) / 10),
  };
  console.log(JSON.stringify(result, null, 2));
  for (const t of fleet) t.socket.destroy();
  child.send({ cmd: 'stop' });
  await new Promise((r) => child.once('exit', r));
  await cleanup();
}

await main();
