/**
 * Live channel fan-out benchmark: the app with the live channel in a child process (so the clients' CPU is not
 * the server's), N WebSocket clients speaking STOMP 1.2 subscribed to their company topic, M vehicles each
 * publishing one position per second for S seconds. Prints gps frames/s and MB/s delivered, the latency from
 * publishPositions() to the client reading the frame (p50/p99; includes the up-to-1 s batching wait), the
 * delivery latency (newest position in a frame → receipt: flush + fan-out), and the server's CPU and RSS.
 *
 *   node --import tsx bench/live-fanout.ts --clients N --vehicles M --seconds S [--sampled K]
 *
 * Every client counts frames and bytes; K of them, spread over the subscription order (the broker serves
 * subscribers in that order, so the last is the slowest), parse every frame for latencies. `mt` of each
 * position carries its publish time in ms for this purpose only.
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import type { RealData } from '../packages/server/src/live/real-data.ts';
import { startLiveServer } from '../packages/server/src/live/testing/live-server.ts';
import { HeadwayClient } from '../packages/server/test/helpers/client.ts';

type ServerReady = { cmd: 'ready'; wsUrl: string; token: string; companyId: number };
type ServerStats = {
  cmd: 'stats';
  cpuUserMs: number;
  cpuSystemMs: number;
  maxRssMb: number;
  wallMs: number;
  published: number;
};

// ---------------------------------------------------------------- server side (child process)

async function serve(vehicles: number): Promise<void> {
  const server = await startLiveServer({ heartbeatMs: 0 });
  const user = new HeadwayClient(server.httpUrl, '/api', () => server.clock.now());
  await user.login('admin', 'headway2026');
  const companyId = server.demoCompanyId;
  let publisher: NodeJS.Timeout | undefined;
  let published = 0;
  let cpu0 = process.cpuUsage();
  let t0 = performance.now();
  let maxRss = 0;
  const rssSampler = setInterval(() => (maxRss = Math.max(maxRss, process.memoryUsage().rss)), 250);

  process.on('message', async (msg: { cmd: string }) => {
    if (msg.cmd === 'go') {
      // Vehicles spread over the second in 10 ms ticks, as terminals reporting at 1 Hz with random phases do.
      // The count owed is computed from elapsed time, so timer jitter under load does not lower the rate.
      const startedAt = Date.now();
      let next = 0;
      publisher = setInterval(() => {
        const now = Date.now();
        const owed = Math.floor(((now - startedAt) * vehicles) / 1000) - next;
        const batch: RealData[] = [];
        for (let i = 0; i < owed; i++) {
          const id = next++ % vehicles;
          batch.push({
            imei: `0138${String(id).padStart(8, '0')}`,
            lat: 22.5 + id * 1e-4,
            lng: 114.05 + id * 1e-4,
            v: 30,
            a: 90,
            s: 0b110011,
            w: 0,
            et: Math.floor(now / 1000),
            rt: Math.floor(now / 1000),
            mt: now,
            route: { code: `L${id % 40}`, dir: 1, sn: id % 20, dist: 350 },
            att: { sat: 12, gsm: 25 },
          });
        }
        server.live.publishPositions(companyId, batch);
        published += batch.length;
      }, 10);
    } else if (msg.cmd === 'mark') {
      cpu0 = process.cpuUsage();
      t0 = performance.now();
      maxRss = process.memoryUsage().rss;
      published = 0;
      process.send?.({ cmd: 'marked' });
    } else if (msg.cmd === 'stats') {
      const cpu = process.cpuUsage(cpu0);
      const stats: ServerStats = {
        cmd: 'stats',
        cpuUserMs: cpu.user / 1000,
        cpuSystemMs: cpu.system / 1000,
        maxRssMb: maxRss / 2 ** 20,
        wallMs: performance.now() - t0,
        published,
      };
      process.send?.(stats);
    } else if (msg.cmd === 'stop') {
      if (publisher) clearInterval(publisher);
      clearInterval(rssSampler);
      await server.close();
      process.exit(0);
    }
  });
  const ready: ServerReady = { cmd: 'ready', wsUrl: server.wsUrl, token: user.token, companyId };
  process.send?.(ready);
}

// ---------------------------------------------------------------- client side (parent process)

interface BenchClient {
  ws: WebSocket;
  frames: number;
  bytes: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function openClient(
  url: string,
  token: string,
  companyId: number,
  onFrame: ((frame: Buffer, receivedAt: number) => void) | undefined,
): Promise<BenchClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['v12.stomp']);
    const client: BenchClient = { ws, frames: 0, bytes: 0 };
    ws.on('error', reject);
    ws.on('open', () => ws.send(`CONNECT\naccept-version:1.2\nhost:bench\ntoken:${token}\nheart-beat:0,0\n\n\0`));
    ws.on('message', (data: Buffer) => {
      const receivedAt = Date.now();
      if (data[0] === 0x43 /* C */) {
        ws.send(`SUBSCRIBE\nid:sub-0\ndestination:/topic/notify.${companyId}\nreceipt:s\n\n\0`);
        return;
      }
      if (data[0] === 0x52 /* R */) return resolve(client);
      if (data[0] !== 0x4d /* M */) return;
      client.frames++;
      client.bytes += data.length;
      onFrame?.(data, receivedAt);
    });
  });
}

function send(child: ReturnType<typeof fork>, cmd: string): void {
  child.send({ cmd });
}

function waitFor<T>(child: ReturnType<typeof fork>, cmd: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (msg: { cmd: string }) => {
      if (msg.cmd === cmd) {
        child.off('message', listener);
        resolve(msg as T);
      }
    };
    child.on('message', listener);
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '100' },
      vehicles: { type: 'string', default: '1000' },
      seconds: { type: 'string', default: '10' },
      sampled: { type: 'string', default: '10' },
      serve: { type: 'boolean', default: false },
    },
  });
  const vehicles = Number(values.vehicles);
  if (values.serve) return serve(vehicles);

  const clients = Number(values.clients);
  const seconds = Number(values.seconds);
  const sampled = Math.min(clients, Number(values.sampled));
  const child = fork(fileURLToPath(import.meta.url), ['--serve', '--vehicles', String(vehicles)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await waitFor<ServerReady>(child, 'ready');

  let measuring = false;
  const positionLatency: number[] = [];
  const deliveryLatency: number[] = [];
  // Frames are kept and parsed after the run: parsing one client's frame inline would delay the 'message'
  // event of the next client in this single-threaded load generator and show up as server latency.
  const kept: [Buffer, number][] = [];
  const onFrame = (frame: Buffer, receivedAt: number) => {
    if (measuring) kept.push([frame, receivedAt]);
  };
  const analyse = (frame: Buffer, receivedAt: number) => {
    const text = frame.toString('utf8');
    const body = text.slice(text.indexOf('\n\n') + 2, text.lastIndexOf('\0'));
    const event = JSON.parse(body) as { cmd: string; data: RealData[] };
    let newest = 0;
    for (const position of event.data) {
      const mt = position.mt ?? 0;
      positionLatency.push(receivedAt - mt);
      if (mt > newest) newest = mt;
    }
    deliveryLatency.push(receivedAt - newest);
  };
  const every = Math.max(1, Math.floor(clients / sampled));
  const opened: BenchClient[] = [];
  // Ramp in groups of 50 rather than all at once (listen backlog; LOAD-TESTING.md).
  for (let i = 0; i < clients; i += 50) {
    const group: Promise<BenchClient>[] = [];
    for (let j = i; j < Math.min(clients, i + 50); j++) {
      const sample = (clients - 1 - j) % every === 0 && opened.length + group.length < clients;
      group.push(openClient(ready.wsUrl, ready.token, ready.companyId, sample ? onFrame : undefined));
    }
    opened.push(...(await Promise.all(group)));
  }

  send(child, 'go');
  await new Promise((r) => setTimeout(r, 2000)); // warm-up: batches reach steady size
  send(child, 'mark');
  await waitFor(child, 'marked');
  const framesAtMark = opened.reduce((n, c) => n + c.frames, 0);
  const bytesAtMark = opened.reduce((n, c) => n + c.bytes, 0);
  const cpuClient0 = process.cpuUsage();
  measuring = true;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  send(child, 'stats');
  const stats = await waitFor<ServerStats>(child, 'stats');
  const cpuClient = process.cpuUsage(cpuClient0);
  const frames = opened.reduce((n, c) => n + c.frames, 0) - framesAtMark;
  const bytes = opened.reduce((n, c) => n + c.bytes, 0) - bytesAtMark;

  for (const [frame, receivedAt] of kept) analyse(frame, receivedAt);
  positionLatency.sort((a, b) => a - b);
  deliveryLatency.sort((a, b) => a - b);
  const wallS = stats.wallMs / 1000;
  const serverCpu = (stats.cpuUserMs + stats.cpuSystemMs) / stats.wallMs;
  const result = {
    clients,
    vehicles,
    seconds,
    positionsPerSecond: Math.round(stats.published / wallS),
    framesPerSecond: Math.round(frames / wallS),
    framesPerClientPerSecond: +(frames / clients / wallS).toFixed(2),
    mbPerSecond: +(bytes / 2 ** 20 / wallS).toFixed(1),
    avgFrameKb: +(bytes / Math.max(1, frames) / 1024).toFixed(1),
    positionLatencyMs: { p50: percentile(positionLatency, 50), p99: percentile(positionLatency, 99) },
    deliveryLatencyMs: { p50: percentile(deliveryLatency, 50), p99: percentile(deliveryLatency, 99) },
    serverCpuPercentOfOneCore: +(serverCpu * 100).toFixed(1),
    serverMaxRssMb: +stats.maxRssMb.toFixed(0),
    // Other work on the machine delays both processes' timers and reads; shown so figures can be judged.
    loadAverage1m: +(loadavg()[0] ?? 0).toFixed(1),
    clientCpuPercentOfOneCore: +(((cpuClient.user + cpuClient.system) / 1000 / (seconds * 1000)) * 100).toFixed(1),
  };
  console.log(JSON.stringify(result));
  for (const client of opened) client.ws.close();
  send(child, 'stop');
}

await main();
