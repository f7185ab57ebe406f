// N virtual terminals at interval S against a running gateway for D seconds; prints reports/s, ack p50/p99,
// errors, the simulator's own CPU, and the server's RSS and CPU when given its pid.
//   node --import tsx bench/simulator-load.ts --vehicles 2000 --interval 10 --duration 60 --port 7611 --pid <server pid>
// The terminals must be known to the server: add --seed-db (the server's SQLite file or postgres:// URL) once,
// or run bench/simulator-seed-devices.ts. For 20,000 terminals run several processes (see docs/simulator.md).
import { parseArgs } from 'node:util';
import { migrateToLatest, openStore } from '@headway/server';
import { DEMO_FEED } from '@headway/server/lines';
import { Fleet, LoadDutySource, loadFeedSchedule, loadVehicles, realClock, sourceAddresses } from '@headway/simulator';
import { seedLoadDevices } from './simulator-seed-devices.ts';
import { procUsage } from './support/measure.ts';

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '2000' },
    interval: { type: 'string', default: '10' },
    duration: { type: 'string', default: '60' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '7611' },
    pid: { type: 'string' },
    offset: { type: 'string', default: '0' },
    'phone-prefix': { type: 'string', default: '1380000' },
    'source-addresses': { type: 'string' },
    ramp: { type: 'string', default: '1000' },
    'seed-db': { type: 'string' },
    'share-2019': { type: 'string', default: '0.2' },
  },
});

const count = Number(values.vehicles);
const interval = Number(values.interval);
const duration = Number(values.duration);
const offset = Number(values.offset);

if (values['seed-db']) {
  const target = values['seed-db'];
  const store = openStore(
    /^postgres/.test(target) ? { engine: 'postgres', url: target } : { engine: 'sqlite', file: target },
  );
  await migrateToLatest(store);
  const created = await seedLoadDevices(store.db, count, offset, values['phone-prefix']);
  await store.close();
  console.log(`seeded ${created} load devices`);
}

const schedule = await loadFeedSchedule(DEMO_FEED);
const specs = loadVehicles(schedule, {
  count,
  offset,
  phonePrefix: values['phone-prefix'],
  share2019: Number(values['share-2019']),
});
const fleet = new Fleet(specs, {
  host: values.host,
  port: Number(values.port),
  interval,
  clock: realClock(),
  duties: new LoadDutySource(schedule, specs),
  localAddresses: sourceAddresses(values['source-addresses'], values.host, count),
  rampPerSecond: Number(values.ramp),
});

const rampStarted = Date.now();
await fleet.start();
const online = () => fleet.terminals().filter((t) => t.online).length;
while (online() < count && Date.now() - rampStarted < 120_000) await new Promise((r) => setTimeout(r, 200));
const rampSeconds = (Date.now() - rampStarted) / 1000;
console.log(`ramp: ${online()}/${count} online in ${rampSeconds.toFixed(1)} s`);

// Measure a steady window: counters and CPU from here.
const pid = values.pid ? Number(values.pid) : undefined;
const s = fleet.stats;
const start = {
  at: Date.now(),
  sent: s.reportsSent + s.batchesSent,
  acks: s.acks,
  errors: s.errors,
  cpu: process.cpuUsage(),
  server: pid ? procUsage(pid) : null,
};
s.resetLatency();
let peakRss = start.server?.rssMiB ?? 0;
const sampler = setInterval(() => {
  const u = pid ? procUsage(pid) : null;
  if (u) peakRss = Math.max(peakRss, u.rssMiB);
}, 1000);
await new Promise((r) => setTimeout(r, duration * 1000));
clearInterval(sampler);
const seconds = (Date.now() - start.at) / 1000;
const cpu = process.cpuUsage(start.cpu);
const end = pid ? procUsage(pid) : null;
const sent = s.reportsSent + s.batchesSent - start.sent;
const acks = s.acks - start.acks;
const result = {
  terminals: count,
  online: online(),
  interval_s: interval,
  window_s: Math.round(seconds),
  reports_per_s: Math.round((sent / seconds) * 10) / 10,
  acks_per_s: Math.round((acks / seconds) * 10) / 10,
  ack_p50_ms: s.percentile(0.5),
  ack_p99_ms: s.percentile(0.99),
  errors: s.errors - start.errors,
  reconnects: s.reconnects,
  simulator_cpu_pct: Math.round(((cpu.user + cpu.system) / 1e6 / seconds) * 1000) / 10,
  simulator_rss_mib: Math.round(process.memoryUsage().rss / 1048576),
  ...(end && start.server
    ? {
        server_rss_mib: Math.round(end.rssMiB),
        server_peak_rss_mib: Math.round(peakRss),
        server_cpu_pct: Math.round(((end.cpuSeconds - start.server.cpuSeconds) / seconds) * 1000) / 10,
      }
    : {}),
};
console.log(JSON.stringify(result));
for (const [k, v] of Object.entries(result)) console.log(`  ${k.padEnd(20)} ${v}`);
await fleet.stop();
process.exit(0);
