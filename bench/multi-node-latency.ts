/**
 * Device report → STOMP frame through several nodes: N gateway+ingest processes and one API process
 * (packages/server/src/main.ts with HEADWAY_ROLES), on one PostgreSQL database and one NATS server, loaded by
 * simulator processes (packages/simulator Fleet, the motion model of bench/simulator-load.ts). The console is the
 * real @stomp/stompjs client on the API node, subscribed to the load company's topic. Each report's send time
 * comes from its simulator process (Date.now() when the 0x0200 was written); the frame that carries its IMEI and
 * event time completes the sample (support/measure.ts ReportLatency).
 *
 * One process holds at most 20,000 open files (../shared/LOAD-TESTING.md): 20,000 terminals need two gateway
 * processes and several simulator processes.
 *
 *   node --import tsx bench/multi-node-latency.ts --terminals 20000 --gateways 2 --simulators 4 --seconds 180
 *
 * Prints one JSON object: latency p50/p90/p99/max, per gateway node its simulators' ack p50/p99, errors,
 * reconnects, the gateway's own counters (closes, commit latency), and every process's CPU, RSS and event-loop
 * delay (support/node-probe.ts).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { localTimeToEpoch } from '@headway/protocol';
import { DEMO_FEED } from '@headway/server/lines';
import { Fleet, LoadDutySource, loadFeedSchedule, loadVehicles, realClock } from '@headway/simulator';
import type { GatewayMetricsJson } from '../packages/server/src/gateway/metrics.ts';
import { companyByName } from '../packages/server/src/lines/import-feed.ts';
import type { RealData } from '../packages/server/src/live/real-data.ts';
import { mustConnect } from '../packages/server/src/live/testing/stomp-client.ts';
import { openStore } from '../packages/server/src/store/db.ts';
import { migrateToLatest } from '../packages/server/src/store/migrate.ts';
import { HeadwayClient } from '../packages/server/test/helpers/client.ts';
import { seedLoadDevices } from './simulator-seed-devices.ts';
import { createBenchDatabase } from './support/database.ts';
import { latencySummary, procUsage, quantile, ReportLatency } from './support/measure.ts';
import { freePort } from './support/ports.ts';
import { addCompanyAdmin } from './support/users.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const MAIN = join(ROOT, 'packages/server/src/main.ts');
const PROBE = './bench/support/node-probe.ts';
const ACCOUNT = 'loadadmin';
const PASSWORD = 'headway2026';

interface SimulatorJob {
  count: number;
  offset: number;
  port: number;
  interval: number;
  ramp: number;
}
type FromSimulator =
  | { cmd: 'sent'; items: [string, number, number][] }
  | { cmd: 'online'; online: number; rampS: number | null }
  | {
      cmd: 'stats';
      reports: number;
      acks: number;
      ackP50: number;
      ackP99: number;
      errors: number;
      reconnects: number;
      reconnectsInWindow: number;
      cpuPct: number;
      rssMiB: number;
    };

// ---------------------------------------------------------------- simulator process

async function simulate(job: SimulatorJob): Promise<void> {
  const schedule = await loadFeedSchedule(DEMO_FEED);
  const specs = loadVehicles(schedule, { count: job.count, offset: job.offset, share2019: 0.2 });
  const fleet = new Fleet(specs, {
    host: '127.0.0.1',
    port: job.port,
    interval: job.interval,
    clock: realClock(),
    duties: new LoadDutySource(schedule, specs),
    rampPerSecond: job.ramp,
  });
  let outbox: [string, number, number][] = [];
  fleet.stats.onReportSent = (imei, time, at) => {
    const et = localTimeToEpoch(time, 480);
    if (et !== undefined) outbox.push([imei, et, at]);
  };
  const send = (m: FromSimulator) => process.send?.(m);
  const flush = setInterval(() => {
    if (outbox.length > 0) send({ cmd: 'sent', items: outbox });
    outbox = [];
  }, 100);
  const online = () => fleet.terminals().filter((t) => t.online).length;
  // The simulator's own ramp: from its first connection until all its terminals are online.
  let started = 0;
  let rampS: number | null = null;
  const status = setInterval(() => {
    const n = online();
    if (rampS === null && started > 0 && n >= job.count) rampS = (Date.now() - started) / 1000;
    send({ cmd: 'online', online: n, rampS });
  }, 250);
  let mark = { at: Date.now(), cpu: process.cpuUsage(), reports: 0, acks: 0, errors: 0, reconnects: 0 };
  process.on('message', (m: { cmd: string }) => {
    const s = fleet.stats;
    if (m.cmd === 'mark') {
      s.resetLatency();
      mark = {
        at: Date.now(),
        cpu: process.cpuUsage(),
        reports: s.reportsSent,
        acks: s.acks,
        errors: s.errors,
        reconnects: s.reconnects,
      };
    } else if (m.cmd === 'stats') {
      const cpu = process.cpuUsage(mark.cpu);
      send({
        cmd: 'stats',
        reports: s.reportsSent - mark.reports,
        acks: s.acks - mark.acks,
        ackP50: s.percentile(0.5),
        ackP99: s.percentile(0.99),
        errors: s.errors - mark.errors,
        reconnects: s.reconnects,
        reconnectsInWindow: s.reconnects - mark.reconnects,
        cpuPct: Math.round(((cpu.user + cpu.system) / 1000 / (Date.now() - mark.at)) * 1000) / 10,
        rssMiB: Math.round(process.memoryUsage().rss / 1048576),
      });
    } else if (m.cmd === 'exit') {
      clearInterval(flush);
      clearInterval(status);
      void fleet.stop().then(() => process.exit(0));
    }
  });
  started = Date.now();
  await fleet.start();
}

// ---------------------------------------------------------------- orchestration

async function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}

interface Node {
  name: string;
  roles: string;
  http: number;
  jt808: number;
  process: ChildProcess;
  probe: string;
  log: string;
}

async function startNode(
  name: string,
  roles: string,
  env: Record<string, string>,
  dir: string,
  nodeArgs: string[] = [],
): Promise<Node> {
  const [http, jt808, media, attachments] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const probe = join(dir, `${name}.probe.jsonl`);
  const log = join(dir, `${name}.log`);
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', '--import', PROBE, MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(http),
      HEADWAY_ROLES: roles,
      HEADWAY_NODE_ID: name,
      HEADWAY_DEMO: '0',
      HEADWAY_GATEWAY_HOST: '127.0.0.1',
      HEADWAY_GATEWAY_PORT: String(jt808),
      HEADWAY_GATEWAY_MEDIA_PORT: String(media),
      HEADWAY_GATEWAY_ATTACHMENT_PORT: String(attachments),
      HEADWAY_BENCH_PROBE: probe,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', out, out],
  });
  const node: Node = { name, roles, http, jt808, process: child, probe, log };
  const end = Date.now() + 60_000;
  const gateway = roles.includes('gateway');
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}); see ${log}`);
    if ((await canConnect(http)) && (!gateway || (await canConnect(jt808)))) return node;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not start in 60 s; see ${log}`);
}

function probeSummary(file: string, from: number, to: number) {
  let lines: { t: number; p50: number; p99: number; max: number; rss: number }[] = [];
  try {
    lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as (typeof lines)[number])
      .filter((l) => l.t >= from && l.t <= to + 5000);
  } catch {
    return undefined;
  }
  if (lines.length === 0) return undefined;
  return {
    loop_delay_p50_ms: quantile(
      lines.map((l) => l.p50).sort((a, b) => a - b),
      0.5,
    ),
    loop_delay_p99_worst_ms: Math.max(...lines.map((l) => l.p99)),
    loop_delay_max_ms: Math.max(...lines.map((l) => l.max)),
    peak_rss_mib: Math.max(...lines.map((l) => l.rss)),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      simulate: { type: 'string' },
      terminals: { type: 'string', default: '20000' },
      gateways: { type: 'string', default: '2' },
      simulators: { type: 'string', default: '4' },
      interval: { type: 'string', default: '10' },
      seconds: { type: 'string', default: '180' },
      warmup: { type: 'string', default: '30' },
      ramp: { type: 'string', default: '500' },
      nats: { type: 'string', default: process.env.HEADWAY_NATS_URL ?? 'nats://127.0.0.1:4222' },
      // Extra node flags for the gateway processes, e.g. --gateway-node-args="--trace-gc --cpu-prof" (profiles land in the log dir).
      'gateway-node-args': { type: 'string', default: '' },
    },
  });
  if (values.simulate) return simulate(JSON.parse(values.simulate) as SimulatorJob);
  const terminals = Number(values.terminals);
  const gateways = Number(values.gateways);
  const simulators = Number(values.simulators);
  const interval = Number(values.interval);
  const seconds = Number(values.seconds);
  const warmup = Number(values.warmup);
  const perSimulator = Math.ceil(terminals / simulators);
  if (Math.ceil(terminals / gateways) > 19_000 || perSimulator > 19_000) {
    throw new Error('one process holds at most ~19,000 terminals: add gateways / simulators');
  }

  const dir = mkdtempSync(join(tmpdir(), 'headway-multi-node-'));
  console.error(`logs in ${dir}`);
  const database = await createBenchDatabase('postgres');
  const children: ChildProcess[] = [];
  const stopAll = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
    await database.drop();
  };
  try {
    console.error(`${new Date().toISOString()} seeding ${terminals} devices`);
    // Seed before any node starts: the load company, its devices and vehicles, and the console's login.
    const store = openStore(database.config);
    await migrateToLatest(store);
    await seedLoadDevices(store.db, terminals);
    const { id: companyId } = await companyByName(store.db, 'Load Test', Math.floor(Date.now() / 1000));
    await addCompanyAdmin(store.db, companyId, ACCOUNT, PASSWORD);
    await store.close();

    const env = {
      DATABASE_URL: database.location,
      HEADWAY_NATS_URL: values.nats,
      HEADWAY_NATS_SUBJECT: `headway-bench.${randomBytes(4).toString('hex')}.live`,
    };
    const api = await startNode('api', 'api', env, dir);
    children.push(api.process);
    const nodes: Node[] = [];
    for (let k = 0; k < gateways; k++) {
      const extra = values['gateway-node-args'].split(' ').filter(Boolean);
      const args = extra.includes('--cpu-prof') ? [...extra, `--cpu-prof-dir=${dir}`] : extra;
      const node = await startNode(`gw${k + 1}`, 'gateway,ingest', env, dir, args);
      children.push(node.process);
      nodes.push(node);
    }
    console.error(`nodes up: api :${api.http}, ${nodes.map((n) => `${n.name} :${n.jt808}`).join(', ')}`);

    const user = new HeadwayClient(`http://127.0.0.1:${api.http}`);
    const login = await user.login(ACCOUNT, PASSWORD);
    if (login.code !== 0) throw new Error(`login failed: ${login.msg}`);
    const client = await mustConnect(`ws://127.0.0.1:${api.http}/dispatch/websocket`, user.token);
    const latency = new ReportLatency();
    let frames = 0;
    let framesInWindow = 0;
    let measuring = false;
    client.subscribe(`/topic/notify.${companyId}`, (message) => {
      const now = Date.now();
      const event = JSON.parse(message.body) as { cmd: string; data: RealData[] };
      if (event.cmd !== 'gps') return;
      frames++;
      if (measuring) framesInWindow++;
      for (const d of event.data) latency.onReceived(`${d.imei}|${d.et}`, now);
    });

    // Simulators: each drives a slice of the fleet against one gateway node.
    const online = new Map<number, number>();
    const ramps = new Map<number, number | null>();
    const stats = new Map<number, Extract<FromSimulator, { cmd: 'stats' }>>();
    const sims: { child: ChildProcess; node: Node }[] = [];
    for (let i = 0; i < simulators; i++) {
      const node = nodes[i % gateways] as Node;
      const job: SimulatorJob = {
        count: Math.min(perSimulator, terminals - i * perSimulator),
        offset: i * perSimulator,
        port: node.jt808,
        interval,
        ramp: Number(values.ramp),
      };
      console.error(`simulator ${i}: ${job.count} terminals from ${job.offset} → ${node.name}`);
      const child = fork(fileURLToPath(import.meta.url), ['--simulate', JSON.stringify(job)], {
        execArgv: ['--import', 'tsx'],
        cwd: ROOT,
      });
      child.on('message', (m: FromSimulator) => {
        if (m.cmd === 'sent') for (const [imei, et, at] of m.items) latency.onSent(`${imei}|${et}`, at);
        else if (m.cmd === 'online') {
          online.set(i, m.online);
          ramps.set(i, m.rampS);
        } else stats.set(i, m);
      });
      children.push(child);
      sims.push({ child, node });
    }

    const rampStart = Date.now();
    const allOnline = () => [...online.values()].reduce((a, b) => a + b, 0);
    let shown = 0;
    while (allOnline() < terminals && Date.now() - rampStart < 300_000) {
      await new Promise((r) => setTimeout(r, 500));
      if (Date.now() - shown > 15_000) {
        shown = Date.now();
        console.error(`${new Date().toISOString()} online ${allOnline()}/${terminals}`);
      }
      latency.prune(Date.now() - 60_000);
    }
    const rampSeconds = (Date.now() - rampStart) / 1000;
    console.error(`ramp: ${allOnline()}/${terminals} online in ${rampSeconds.toFixed(1)} s; warm-up ${warmup} s`);
    await new Promise((r) => setTimeout(r, warmup * 1000));

    const metrics = async (node: Node): Promise<GatewayMetricsJson | undefined> => {
      const c = new HeadwayClient(`http://127.0.0.1:${node.http}`);
      c.token = user.token;
      c.uuid = user.uuid;
      // A starved node may answer late; the figures must not wait on it.
      const timeout = new Promise<undefined>((r) => setTimeout(() => r(undefined), 15_000));
      return Promise.race([c.get<GatewayMetricsJson>('/admin/gateway/metrics').then((m) => m.result), timeout]);
    };
    const before = await Promise.all(nodes.map(metrics));
    console.error(`${new Date().toISOString()} measuring ${seconds} s`);
    for (const s of sims) s.child.send({ cmd: 'mark' });
    const usage0 = new Map([api, ...nodes].map((n) => [n.name, procUsage(n.process.pid ?? 0)]));
    const from = Date.now();
    latency.measure(from, from + seconds * 1000);
    measuring = true;
    const pruner = setInterval(() => latency.prune(Date.now() - 60_000), 10_000);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const to = Date.now();
    const usage1 = new Map([api, ...nodes].map((n) => [n.name, procUsage(n.process.pid ?? 0)]));
    for (const s of sims) s.child.send({ cmd: 'stats' });
    console.error(`${new Date().toISOString()} window done; collecting`);
    const after = await Promise.all(nodes.map(metrics));
    // Reports sent just before the end still have their frame on the way.
    await new Promise((r) => setTimeout(r, 5000));
    measuring = false;
    clearInterval(pruner);
    const sorted = latency.sorted();

    const cpu = (name: string) => {
      const a = usage0.get(name);
      const b = usage1.get(name);
      return a && b ? Math.round(((b.cpuSeconds - a.cpuSeconds) / ((to - from) / 1000)) * 1000) / 10 : null;
    };
    const result = {
      bench: 'multi-node-latency',
      date: new Date(from).toISOString(),
      terminals,
      online_at_mark: allOnline(),
      gateways,
      simulators,
      interval_s: interval,
      window_s: Math.round((to - from) / 1000),
      ramp_s: Math.round(rampSeconds * 10) / 10,
      simulator_ramp_s: [...ramps.values()],
      samples: sorted.length,
      missing: latency.missing(),
      reports_per_s: Math.round((sorted.length / ((to - from) / 1000)) * 10) / 10,
      gps_frames_per_s: Math.round((framesInWindow / ((to - from) / 1000)) * 10) / 10,
      latency_ms: latencySummary(sorted),
      api: { cpu_pct: cpu(api.name), ...probeSummary(api.probe, from, to) },
      gateway_nodes: nodes.map((n, k) => {
        const mine = sims.flatMap((s, i) => (s.node === n ? [stats.get(i)] : []));
        const b = before[k];
        const a = after[k];
        return {
          node: n.name,
          cpu_pct: cpu(n.name),
          ...probeSummary(n.probe, from, to),
          terminals: a?.terminals,
          connections_total: a?.connectionsTotal,
          closed_in_window: a && b ? diffClosed(a.closed, b.closed) : undefined,
          closed_total: a?.closed,
          commit_latency: a?.ingest.commitLatency,
          ack_latency_gateway: a?.ingest.ackLatency,
          simulators: mine.map((s) =>
            s
              ? {
                  acks_per_s: Math.round((s.acks / ((to - from) / 1000)) * 10) / 10,
                  ack_p50_ms: s.ackP50,
                  ack_p99_ms: s.ackP99,
                  errors: s.errors,
                  reconnects_total: s.reconnects,
                  reconnects_in_window: s.reconnectsInWindow,
                  cpu_pct: s.cpuPct,
                  rss_mib: s.rssMiB,
                }
              : null,
          ),
        };
      }),
      frames_total: frames,
      loadavg: loadavg().map((x) => Math.round(x * 100) / 100),
      logs: dir,
    };
    console.log(JSON.stringify(result, null, 2));
    console.error(`${new Date().toISOString()} done`);
    await client.deactivate();
    for (const s of sims) s.child.send({ cmd: 'exit' });
    await new Promise((r) => setTimeout(r, 2000));
  } finally {
    await stopAll();
  }
}

function diffClosed(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v - (b[k] ?? 0)]));
}

await main();
