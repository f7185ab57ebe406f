/**
 * Ingest end-to-end latency: device report → STOMP gps frame at a subscribed @stomp/stompjs client.
 *
 * A child process runs the platform's modules (gateway, live, ingest) on a fresh SQLite file (or PostgreSQL) with
 * the demo seed plus N buses bound to the demo lines. This process connects N JT/T 808 terminals over TCP
 * (register + authenticate), and each drives along its line reporting every `interval` seconds at its own phase.
 * The console side is the real @stomp/stompjs client subscribed to the company topic. For every report the time
 * from writing its frame to the moment the client receives real_data with that vehicle's IMEI and event time is
 * one sample (the live channel batches per company about once a second, so this includes that wait).
 *
 *   node --import tsx bench/ingest-latency.ts [--terminals 2000] [--interval 10] [--seconds 60] [--db sqlite|postgres]
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { epochToLocalTime, makeLocation } from '@headway/protocol';
import { seedDemo } from '../packages/server/src/demo/seed.ts';
import { loadLines } from '../packages/server/src/ingest/directory.ts';
import { pointAlong } from '../packages/server/src/ingest/testing/drive-line.ts';
import '../packages/server/src/lines/demo-register.ts';
import type { RealData } from '../packages/server/src/live/real-data.ts';
import { openStore, type StoreConfig } from '../packages/server/src/store/db.ts';
import { migrateToLatest } from '../packages/server/src/store/migrate.ts';
import { createBenchDatabase } from './support/database.ts';
import { companyLines, seedFleet } from './support/fleet.ts';
import { latencySummary } from './support/measure.ts';
import { connectConsole, forkServer, startPlatform } from './support/platform.ts';
import { connectTerminals } from './support/terminals.ts';

const PASSWORD = 'headway2026';

interface BusSpec {
  phone: string;
  imei: string;
  line: number;
  offset: number;
}
interface Ready {
  cmd: 'ready';
  httpPort: number;
  jt808: number;
  companyId: number;
  paths: { path: [number, number][]; length: number }[];
  buses: BusSpec[];
}
interface Stats {
  cmd: 'stats';
  cpuUserMs: number;
  cpuSystemMs: number;
  wallMs: number;
  maxRssMb: number;
  ingest: { processed: number; published: number; events: number; dropped: number; busyMs: number };
}

// ---------------------------------------------------------------- server side (child process)

async function serve(config: StoreConfig, terminals: number): Promise<void> {
  const store = openStore(config);
  await migrateToLatest(store);
  const companyId = (await seedDemo(store.db, { password: PASSWORD })).companyId;
  const lines = await companyLines(store.db, companyId);
  const fleet = await seedFleet(store.db, companyId, {
    count: terminals,
    phonePrefix: '0177',
    imeiPrefix: '8699',
    namePrefix: 'LB',
    lineIds: lines.map((l) => l.id),
    createdAt: Math.floor(Date.now() / 1000),
  });
  const buses: BusSpec[] = fleet.map((d) => ({
    phone: d.phone,
    imei: d.imei,
    line: d.index % lines.length,
    offset: 0,
  }));
  const geometries = await loadLines(store.db);
  const paths = lines.map((l) => {
    const g = geometries.get(`${companyId}|${l.route_code}`)?.geometry.directions[0];
    const last = g?.stations.at(-1)?.distance ?? 1000;
    return { path: g?.path ?? [], length: last };
  });
  for (const b of buses) b.offset = Math.random() * ((paths[b.line]?.length ?? 1000) - 200);

  const { app, httpPort, jt808 } = await startPlatform(store);
  let maxRss = 0;
  const sample = setInterval(() => (maxRss = Math.max(maxRss, process.memoryUsage().rss)), 250);
  let cpu0 = process.cpuUsage();
  let t0 = performance.now();
  let base = { processed: 0, published: 0, events: 0, dropped: 0, busyMs: 0 };
  const ingestNow = () => {
    const s = app.ingest?.stats;
    return s
      ? { processed: s.processed, published: s.published, events: s.events, dropped: s.dropped, busyMs: s.busyMs }
      : base;
  };
  process.on('message', (msg: { cmd: string }) => {
    if (msg.cmd === 'mark') {
      cpu0 = process.cpuUsage();
      t0 = performance.now();
      maxRss = 0;
      base = ingestNow();
    } else if (msg.cmd === 'stats') {
      const cpu = process.cpuUsage(cpu0);
      const i = ingestNow();
      const stats: Stats = {
        cmd: 'stats',
        cpuUserMs: cpu.user / 1000,
        cpuSystemMs: cpu.system / 1000,
        wallMs: performance.now() - t0,
        maxRssMb: maxRss / 1048576,
        ingest: {
          processed: i.processed - base.processed,
          published: i.published - base.published,
          events: i.events - base.events,
          dropped: i.dropped - base.dropped,
          busyMs: i.busyMs - base.busyMs,
        },
      };
      process.send?.(stats);
    } else if (msg.cmd === 'exit') {
      clearInterval(sample);
      void app.close().then(() => process.exit(0));
    }
  });
  const ready: Ready = {
    cmd: 'ready',
    httpPort,
    jt808,
    companyId,
    paths,
    buses,
  };
  process.send?.(ready);
}

// ---------------------------------------------------------------- load side

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      serve: { type: 'string' },
      terminals: { type: 'string', default: '2000' },
      interval: { type: 'string', default: '10' },
      seconds: { type: 'string', default: '60' },
      warmup: { type: 'string', default: '15' },
      db: { type: 'string', default: 'sqlite' },
    },
  });
  const terminals = Number(values.terminals);
  if (values.serve) return serve(JSON.parse(values.serve) as StoreConfig, terminals);
  const interval = Number(values.interval);
  const seconds = Number(values.seconds);
  const warmup = Number(values.warmup);

  const database = await createBenchDatabase(values.db === 'postgres' ? 'postgres' : 'sqlite');
  const config = database.config;
  const cleanup = () => database.drop();

  const child = forkServer(import.meta.url, ['--serve', JSON.stringify(config), '--terminals', String(terminals)]);
  const ready = await child.next<Ready>();
  const client = await connectConsole(ready.httpPort, 'admin', PASSWORD);

  // Report send times by `${imei}|${et}`; a frame carrying that pair completes the sample.
  const sentAt = new Map<string, number>();
  let measuring = false;
  const latencies: number[] = [];
  let framesMeasured = 0;
  let sentMeasured = 0;
  client.subscribe(`/topic/notify.${ready.companyId}`, (message) => {
    const now = performance.now();
    const event = JSON.parse(message.body) as { cmd: string; data: RealData[] };
    if (event.cmd !== 'gps') return;
    if (measuring) framesMeasured++;
    for (const d of event.data) {
      const key = `${d.imei}|${d.et}`;
      const t = sentAt.get(key);
      if (t === undefined) continue;
      sentAt.delete(key);
      if (t >= 0) latencies.push(now - t);
    }
  });

  const conns = await connectTerminals(ready.jt808, ready.buses, () => ({ lastK: -1 }));
  console.error(`${conns.length} terminals online`);

  const startWall = Date.now();
  const speed = 8;
  let sent = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    const nowS = Math.floor(now / 1000);
    // Terminal i reports when its phase comes round: at most once per `interval` seconds.
    for (let i = 0; i < conns.length; i++) {
      const phase = (i / conns.length) * interval * 1000;
      const k = Math.floor((now - startWall - phase) / (interval * 1000));
      const t = conns[i] as (typeof conns)[number];
      if (k < 0 || t.lastK === k) continue;
      t.lastK = k;
      const bus = ready.buses[i] as BusSpec;
      const line = ready.paths[bus.line];
      if (!line || line.path.length < 2) continue;
      const s = (bus.offset + (speed * (now - startWall)) / 1000) % Math.max(1, line.length);
      const p = pointAlong(line.path, s);
      const body = makeLocation({
        lat: p.lat,
        lng: p.lng,
        speedKmh: speed * 3.6,
        altitude: 10,
        direction: p.azimuth,
        time: epochToLocalTime(nowS, 480),
        status: 0x3,
        items: [{ id: 0x31, satellites: 12 }],
      });
      const key = `${bus.imei}|${nowS}`;
      // Not measured (warm-up): marked -1 so the frame still clears it.
      sentAt.set(key, measuring ? performance.now() : -1);
      if (measuring) sentMeasured++;
      t.send({ msgId: 0x0200, body });
      sent++;
    }
  }, 5);

  await new Promise((r) => setTimeout(r, warmup * 1000));
  child.send({ cmd: 'mark' });
  const cpuLoad0 = process.cpuUsage();
  measuring = true;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  // Let the last measured reports arrive (up to 3 s).
  await new Promise((r) => setTimeout(r, 3000));
  clearInterval(timer);
  child.send({ cmd: 'stats' });
  const stats = await child.next<Stats>();
  const loadCpu = process.cpuUsage(cpuLoad0);
  let missing = 0;
  for (const t of sentAt.values()) if (t >= 0) missing++;
  latencies.sort((a, b) => a - b);
  const result = {
    bench: 'ingest-latency',
    db: values.db,
    terminals: conns.length,
    interval_s: interval,
    seconds,
    reports_per_s: Math.round((sentMeasured / seconds) * 10) / 10,
    samples: latencies.length,
    missing,
    gps_frames_per_s: Math.round((framesMeasured / seconds) * 10) / 10,
    latency_ms: latencySummary(latencies),
    server: {
      cpu_percent: Math.round(((stats.cpuUserMs + stats.cpuSystemMs) / stats.wallMs) * 1000) / 10,
      max_rss_mb: Math.round(stats.maxRssMb),
      ingest_processed: stats.ingest.processed,
      ingest_busy_ms_per_report:
        stats.ingest.processed > 0 ? Math.round((stats.ingest.busyMs / stats.ingest.processed) * 1000) / 1000 : 0,
      ingest_dropped: stats.ingest.dropped,
      station_events: stats.ingest.events,
    },
    load_cpu_percent: Math.round(((loadCpu.user + loadCpu.system) / 1000 / (seconds * 1000 + 3000)) * 1000) / 10,
    loadavg: loadavg().map((x) => Math.round(x * 100) / 100),
    sent_total: sent,
  };
  console.log(JSON.stringify(result, null, 2));
  for (const t of conns) t.close();
  await client.deactivate();
  child.send({ cmd: 'exit' });
  await child.exited();
  await cleanup();
}

await main();
