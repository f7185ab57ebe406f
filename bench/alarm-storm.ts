/**
 * Alarm storm: 1,000 alarms/s for 60 s through the gateway, the ingest's detection and the alarm writer, with the
 * live push watched by a real @stomp/stompjs console. Prints alarms raised (by the terminals) against alarms
 * stored (counted in the database) and pushed, the push latency, and the server's CPU and event-loop delay.
 *
 * A child process runs the platform's modules (gateway, live, ingest) on a fresh SQLite file (or PostgreSQL with
 * `--pg`), with the demo seed plus N buses bound to the demo lines. This process connects N JT/T 808 terminals
 * over TCP. Every report carries one DSM event item (T/JSATL12 0x65, flag 0, a new identification each time:
 * one alarm) and flips the SOS bit of the alarm word (an alarm on every other report, ended on the next): 1.5
 * alarms per report, so `--rate 1000` alarms/s is ~667 reports/s spread evenly over the terminals. A sample of
 * push latency is the time from writing a report's frame to the console receiving the `alarm` frame holding the
 * alarm it raised (no one-second batching: alarms are pushed after each commit).
 *
 *   node --import tsx bench/alarm-storm.ts [--rate 1000] [--seconds 60] [--terminals 1000] [--pg]
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { epochToLocalTime, makeLocation } from '@headway/protocol';
import { WarningMask } from '@headway/spec';
import { plainAlarmKey } from '../packages/server/src/alarms/detection/records.ts';
import { dsmItem } from '../packages/server/src/alarms/detection/testing/items.ts';
import { alarmsDb } from '../packages/server/src/alarms/schema.ts';
import type { AlarmBody } from '../packages/server/src/contract/alarms.ts';
import { seedDemo } from '../packages/server/src/demo/seed.ts';
import '../packages/server/src/lines/demo-register.ts';
import { openStore, type StoreConfig } from '../packages/server/src/store/db.ts';
import { migrateToLatest } from '../packages/server/src/store/migrate.ts';
import { createBenchDatabase } from './support/database.ts';
import { lineStops, seedFleet } from './support/fleet.ts';
import { latencySummary } from './support/measure.ts';
import { connectConsole, forkServer, startPlatform } from './support/platform.ts';
import { connectTerminals } from './support/terminals.ts';

const PASSWORD = 'headway2026';

interface BusSpec {
  phone: string;
  lat: number;
  lng: number;
}
interface Ready {
  cmd: 'ready';
  httpPort: number;
  jt808: number;
  companyId: number;
  buses: BusSpec[];
}
interface Stats {
  cmd: 'stats';
  stored: number;
  storedEnded: number;
  cpuMs: number;
  wallMs: number;
  maxRssMb: number;
  loopP99Ms: number;
  loopMaxMs: number;
  writer: Record<string, number>;
  detector: Record<string, number>;
  ingestDropped: number;
}

// ---------------------------------------------------------------- server side (child process)

async function serve(config: StoreConfig, terminals: number): Promise<void> {
  const store = openStore(config);
  await migrateToLatest(store);
  const companyId = (await seedDemo(store.db, { password: PASSWORD })).companyId;
  const lines = await lineStops(store.db, companyId);
  const fleet = await seedFleet(store.db, companyId, {
    count: terminals,
    phonePrefix: '0166',
    imeiPrefix: '8666',
    namePrefix: 'ST',
    lineIds: lines.map((l) => l.id),
    createdAt: Math.floor(Date.now() / 1000),
  });
  const buses: BusSpec[] = fleet.map((d) => {
    const at = lines[d.index % lines.length];
    return { phone: d.phone, lat: at?.lat ?? 40.6, lng: at?.lng ?? -74.1 };
  });

  const { app, httpPort, jt808, stopModules } = await startPlatform(store);
  let maxRss = 0;
  const sample = setInterval(() => (maxRss = Math.max(maxRss, process.memoryUsage().rss)), 250);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let cpu0 = process.cpuUsage();
  let t0 = performance.now();
  process.on('message', async (msg: { cmd: string }) => {
    if (msg.cmd === 'mark') {
      cpu0 = process.cpuUsage();
      t0 = performance.now();
      loop.reset();
      loop.enable();
    } else if (msg.cmd === 'stats') {
      const cpu = process.cpuUsage(cpu0);
      const wallMs = performance.now() - t0;
      loop.disable();
      const detection = app.ingest?.alarms;
      await detection?.writer.flush();
      const count = await alarmsDb(store.db)
        .selectFrom('alarms')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('end_time').as('ended')])
        .executeTakeFirstOrThrow();
      const stats: Stats = {
        cmd: 'stats',
        stored: Number(count.n),
        storedEnded: Number(count.ended),
        cpuMs: (cpu.user + cpu.system) / 1000,
        wallMs,
        maxRssMb: maxRss / 1048576,
        loopP99Ms: loop.percentile(99) / 1e6,
        loopMaxMs: loop.max / 1e6,
        writer: { ...(detection?.writer.stats ?? {}) },
        detector: { ...(detection?.detector.stats ?? {}) },
        ingestDropped: app.ingest?.stats.dropped ?? 0,
      };
      process.send?.(stats);
    } else if (msg.cmd === 'exit') {
      clearInterval(sample);
      await app.close();
      await stopModules();
      await store.close();
      process.exit(0);
    }
  });
  const ready: Ready = {
    cmd: 'ready',
    httpPort,
    jt808,
    companyId,
    buses,
  };
  process.send?.(ready);
}

// ---------------------------------------------------------------- load side

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      serve: { type: 'string' },
      terminals: { type: 'string', default: '1000' },
      rate: { type: 'string', default: '1000' },
      seconds: { type: 'string', default: '60' },
      pg: { type: 'boolean', default: false },
    },
  });
  const terminals = Number(values.terminals);
  if (values.serve) return serve(JSON.parse(values.serve) as StoreConfig, terminals);
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  const reportsPerSecond = rate / 1.5;

  const database = await createBenchDatabase(values.pg ? 'postgres' : 'sqlite');
  const child = forkServer(import.meta.url, [
    '--serve',
    JSON.stringify(database.config),
    '--terminals',
    String(terminals),
  ]);
  const ready = await child.next<Ready>();
  const client = await connectConsole(ready.httpPort, 'admin', PASSWORD);

  // Send time of each alarm by its alarm_key; the frame carrying that key completes the sample.
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let pushed = 0;
  let frames = 0;
  client.subscribe(`/topic/notify.${ready.companyId}`, (message) => {
    const now = performance.now();
    const event = JSON.parse(message.body) as { cmd: string; data: AlarmBody[] };
    if (event.cmd !== 'alarm') return;
    frames++;
    for (const a of event.data) {
      pushed++;
      const t = sentAt.get(a.alarm_key);
      if (t === undefined) continue;
      sentAt.delete(a.alarm_key);
      latencies.push(now - t);
    }
  });

  const conns = await connectTerminals(ready.jt808, ready.buses, (bus, i) => ({
    k: 0,
    clock: 0,
    bus,
    tid: `S${String(i).padStart(6, '0')}`,
  }));
  console.error(`${conns.length} terminals online; ${Math.round(reportsPerSecond)} reports/s for ${seconds} s`);

  let raised = 0;
  let reports = 0;
  const interval = (conns.length / reportsPerSecond) * 1000;
  const start = Date.now();
  child.send({ cmd: 'mark' });
  const cpuLoad0 = process.cpuUsage();
  const timer = setInterval(() => {
    const now = Date.now();
    if (now - start >= seconds * 1000) return;
    for (let i = 0; i < conns.length; i++) {
      const t = conns[i] as (typeof conns)[number];
      // Terminal i's k-th report is due at its phase + k intervals.
      const due = start + (i / conns.length) * interval + t.k * interval;
      if (now < due) continue;
      // One second per report at least: the identification and the SOS key are unique per second.
      const time = Math.max(t.clock + 1, Math.floor(now / 1000));
      t.clock = time;
      const sos = t.k % 2 === 0;
      const item = dsmItem({
        alarmId: t.k & 0xffff,
        flag: 0,
        type: 1 + (t.k % 5),
        time,
        ident: { terminalId: t.tid, seq: 0, attachments: 0 },
      });
      const body = makeLocation({
        lat: t.bus.lat,
        lng: t.bus.lng,
        speedKmh: 20,
        direction: 90,
        time: epochToLocalTime(time, 480),
        status: 0x3,
        alarmFlags: sos ? WarningMask.sos : 0,
        items: [{ id: 0x31, satellites: 12 }, item],
      });
      const sentTime = performance.now();
      const bcd = epochToLocalTime(time, 480).replace(/[-T:]/g, '').slice(2);
      sentAt.set(`${t.tid}_${bcd}_0`, sentTime);
      raised++;
      if (sos) {
        sentAt.set(plainAlarmKey(t.bus.phone, 1, time), sentTime);
        raised++;
      }
      t.send({ msgId: 0x0200, body });
      t.k++;
      reports++;
    }
  }, 5);

  await new Promise((r) => setTimeout(r, seconds * 1000));
  clearInterval(timer);
  // Drain: until every raised alarm was pushed, or 30 s.
  const drainStart = Date.now();
  while (sentAt.size > 0 && Date.now() - drainStart < 30_000) await new Promise((r) => setTimeout(r, 100));
  const drainMs = Date.now() - drainStart;
  child.send({ cmd: 'stats' });
  const stats = await child.next<Stats>();
  const loadCpu = process.cpuUsage(cpuLoad0);
  latencies.sort((a, b) => a - b);
  const result = {
    bench: 'alarm-storm',
    db: values.pg ? 'postgres' : 'sqlite',
    terminals: conns.length,
    seconds,
    reports,
    reports_per_s: Math.round(reports / seconds),
    alarms_raised: raised,
    alarms_per_s: Math.round(raised / seconds),
    alarms_stored: stats.stored,
    alarms_pushed: pushed,
    alarm_frames: frames,
    not_pushed: sentAt.size,
    ends_stored: stats.storedEnded,
    drain_after_load_ms: drainMs,
    push_latency_ms: latencySummary(latencies, 1),
    writer: stats.writer,
    detector: stats.detector,
    ingest_dropped: stats.ingestDropped,
    server: {
      cpu_percent: Math.round((stats.cpuMs / stats.wallMs) * 1000) / 10,
      max_rss_mb: Math.round(stats.maxRssMb),
      loop_delay_p99_ms: Math.round(stats.loopP99Ms * 10) / 10,
      loop_delay_max_ms: Math.round(stats.loopMaxMs * 10) / 10,
    },
    load_cpu_percent: Math.round(((loadCpu.user + loadCpu.system) / 1000 / (seconds * 1000 + drainMs)) * 1000) / 10,
    loadavg: loadavg().map((x) => Math.round(x * 100) / 100),
  };
  console.log(JSON.stringify(result, null, 2));
  for (const t of conns) t.close();
  await client.deactivate();
  child.send({ cmd: 'exit' });
  await child.exited();
  await database.drop();
}

await main();
