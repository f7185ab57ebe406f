/**
 * Track query benchmark (issue 12, docs/performance.md "Track query"): POST /device/position through the real app
 * on a positions table of ≥ 20 million rows — by default 340 buses × 7 days at 10 s, written interleaved in
 * receive order as the gateway writes them, with their station events. The seeded database is kept between runs
 * (--reseed starts it afresh). The server runs in a child process; its own time per request (request in → last
 * byte out) is measured there, the client's wall time here.
 *
 * Cases: a 7-day query of one vehicle (~60,000 points) and a 1-hour query of 100 vehicles, each
 *   - disk-cold: the database's files dropped from the OS page cache first, a vehicle not asked before;
 *   - process-cold: a fresh server process (empty SQLite page cache, nothing compiled yet), the data in the OS cache;
 *   - warm: the same query again, p50/p95 over --runs.
 *
 *   node --import tsx bench/track-query.ts --db sqlite|postgres [--vehicles 340] [--days 7] [--runs 9] [--reseed]
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../packages/server/src/app.ts';
import { sign } from '../packages/server/src/auth/signature.ts';
import { openStore, type StoreConfig } from '../packages/server/src/store/db.ts';
import { HeadwayClient } from '../packages/server/test/helpers/client.ts';
import { quantile } from './support/measure.ts';
import {
  BENCH_ACCOUNT,
  BENCH_PASSWORD,
  evictFromPageCache,
  openTrackBenchData,
  type TrackBenchData,
} from './support/track-database.ts';

// ---------------------------------------------------------------- server side (child process)

async function serve(config: StoreConfig): Promise<void> {
  const store = openStore(config);
  const app = await buildApp({ db: store.db, auth: { loginAttemptsPerMinute: 1_000_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const timings: { ms: number; cpuMs: number }[] = [];
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 10);
  // Server time: from the request's arrival to the response's last byte handed to the socket.
  app.server.on('request', (req, res) => {
    if (!req.url?.endsWith('/device/position')) return;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    res.on('finish', () => {
      const cpu = process.cpuUsage(cpu0);
      timings.push({ ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000 });
    });
  });
  process.on('message', async (m: { cmd: string }) => {
    if (m.cmd === 'timings') {
      process.send?.({ cmd: 'timings', timings: timings.splice(0), peakRssMiB: peakRss / 1048576 });
      peakRss = process.memoryUsage().rss;
    } else if (m.cmd === 'stop') {
      clearInterval(sampler);
      await app.close();
      await store.close();
      process.exit(0);
    }
  });
  const address = app.server.address();
  process.send?.({ cmd: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
}

// ---------------------------------------------------------------- client side (parent)

interface Server {
  port: number;
  ask<T>(cmd: string): Promise<T>;
  stop(): Promise<void>;
}

function startServer(config: StoreConfig): Promise<Server> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(config)], {
    execArgv: ['--import', 'tsx'],
  });
  const waiters: ((m: Record<string, unknown>) => void)[] = [];
  child.on('message', (m: Record<string, unknown>) => waiters.shift()?.(m));
  const next = <T>() => new Promise<T>((resolve) => waiters.push((m) => resolve(m as T)));
  return next<{ port: number }>().then(({ port }) => ({
    port,
    ask: <T>(cmd: string) => {
      const reply = next<T>();
      child.send({ cmd });
      return reply;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ cmd: 'stop' });
      await exited;
    },
  }));
}

interface Sample {
  serverMs: number;
  /** The server process's CPU over the request (it serves one at a time): what the time would be without contention, less the database server's share on PostgreSQL. */
  serverCpuMs: number;
  clientMs: number;
  rows: number;
  bytes: number;
  peakRssMiB: number;
}

async function query(server: Server, client: HeadwayClient, body: Record<string, unknown>): Promise<Sample> {
  const path = '/api/device/position';
  const payload = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const t0 = performance.now();
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      token: client.token,
      timestamp,
      signature: sign(client.uuid, 'POST', path, timestamp, payload),
    },
    body: payload,
  });
  const text = await response.text();
  const clientMs = performance.now() - t0;
  const parsed = JSON.parse(text) as { code: number; msg: string; result: { rows: unknown[] } };
  if (parsed.code !== 0)
    throw new Error(`track query answered ${parsed.code} ${parsed.msg}: ${JSON.stringify(parsed.result)}`);
  const { timings, peakRssMiB } = await server.ask<{ timings: { ms: number; cpuMs: number }[]; peakRssMiB: number }>(
    'timings',
  );
  const last = timings.at(-1);
  return {
    serverMs: last?.ms ?? Number.NaN,
    serverCpuMs: last?.cpuMs ?? Number.NaN,
    clientMs,
    rows: parsed.result.rows.length,
    bytes: text.length,
    peakRssMiB,
  };
}

async function signIn(server: Server): Promise<HeadwayClient> {
  const client = new HeadwayClient(`http://127.0.0.1:${server.port}`);
  const login = await client.login(BENCH_ACCOUNT, BENCH_PASSWORD);
  if (login.code !== 0) throw new Error(`login failed: ${login.msg}`);
  return client;
}

const round = (x: number) => Math.round(x);

function summary(samples: readonly Sample[]) {
  const server = samples.map((s) => s.serverMs).sort((a, b) => a - b);
  const client = samples.map((s) => s.clientMs).sort((a, b) => a - b);
  const cpu = samples.map((s) => s.serverCpuMs).sort((a, b) => a - b);
  return {
    runs: samples.length,
    rows: samples[0]?.rows ?? 0,
    mb: Math.round(((samples[0]?.bytes ?? 0) / 1048576) * 10) / 10,
    serverP50: round(quantile(server, 0.5)),
    serverP95: round(quantile(server, 0.95)),
    cpuP50: round(quantile(cpu, 0.5)),
    clientP50: round(quantile(client, 0.5)),
    peakRssMiB: round(Math.max(...samples.map((s) => s.peakRssMiB))),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite' },
      vehicles: { type: 'string', default: '340' },
      lines: { type: 'string', default: '20' },
      days: { type: 'string', default: '7' },
      interval: { type: 'string', default: '10' },
      runs: { type: 'string', default: '9' },
      reseed: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      serve: { type: 'string' },
    },
  });
  if (values.serve) return serve(JSON.parse(values.serve) as StoreConfig);
  const engine = values.db === 'postgres' ? 'postgres' : 'sqlite';
  const runs = Number(values.runs);
  const data: TrackBenchData = await openTrackBenchData(
    engine,
    {
      vehicles: Number(values.vehicles),
      lines: Number(values.lines),
      days: Number(values.days),
      intervalSeconds: Number(values.interval),
    },
    {
      reseed: values.reseed,
      log: (line) => console.log(line),
      ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    },
  );
  const ids = data.fleet.vehicles.map((v) => v.id);
  const end = data.to - 1;
  const week = (id: number) => ({ start_time: end - 7 * 86_400 + 1, end_time: end, car_id: id });
  // 08:00–09:00 UTC of the seeded span's middle day: buses in service.
  const hourStart = data.from + Math.floor(Number(values.days) / 2) * 86_400 + 8 * 3600;
  const hour = (offset: number) => ({
    start_time: hourStart,
    end_time: hourStart + 3600,
    car_list: ids.slice(offset, offset + 100),
  });

  const results: Record<string, ReturnType<typeof summary>> = {};
  const loadBefore = loadavg()[0] ?? 0;

  // Disk-cold: files out of the page cache, a fresh server, vehicles nobody asked for yet.
  let server = await startServer(data.config);
  let client = await signIn(server);
  const diskCold: Sample[] = [];
  const diskColdHour: Sample[] = [];
  for (let k = 0; k < 3; k++) {
    await evictFromPageCache(data.config);
    diskCold.push(await query(server, client, week(ids[10 + k] ?? 0)));
    await evictFromPageCache(data.config);
    diskColdHour.push(
      await query(server, client, {
        ...hour(100 + k * 40),
        start_time: hourStart + (k + 1) * 86_400,
        end_time: hourStart + (k + 1) * 86_400 + 3600,
      }),
    );
  }
  results['week, 1 vehicle, disk-cold'] = summary(diskCold);
  results['hour, 100 vehicles, disk-cold'] = summary(diskColdHour);
  // Read once here so the OS cache holds them for the process-cold case.
  await query(server, client, week(ids[20] ?? 0));
  await query(server, client, hour(200));
  await server.stop();

  // Process-cold: a new server process; the OS cache keeps what the runs above read.
  server = await startServer(data.config);
  client = await signIn(server);
  results['week, 1 vehicle, process-cold'] = summary([await query(server, client, week(ids[20] ?? 0))]);
  results['hour, 100 vehicles, process-cold'] = summary([await query(server, client, hour(200))]);

  // Warm: the same queries again.
  const warmWeek: Sample[] = [];
  const warmHour: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    warmWeek.push(await query(server, client, week(ids[10] ?? 0)));
    warmHour.push(await query(server, client, hour(100)));
  }
  results['week, 1 vehicle, warm'] = summary(warmWeek);
  results['hour, 100 vehicles, warm'] = summary(warmHour);
  await server.stop();

  console.log(
    JSON.stringify(
      {
        engine,
        positions: data.positions,
        seededNow: data.seededNow,
        seedSeconds: data.seedSeconds,
        loadAverage: { before: Math.round(loadBefore * 10) / 10, after: Math.round((loadavg()[0] ?? 0) * 10) / 10 },
      },
      null,
      0,
    ),
  );
  console.table(results);
}

await main();
