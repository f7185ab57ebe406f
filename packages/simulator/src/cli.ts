// `npm run simulate -- --vehicles 2000 --interval 10 --host 127.0.0.1 --port 7611`: a fleet of virtual JT/T 808
// terminals driving the GTFS feed's blocks against a gateway, with a live one-line status. Ctrl-C stops cleanly.
import { parseArgs } from 'node:util';
import { DEMO_FEED } from '@headway/server/lines';
import { realClock, warpedClock } from './fleet/clock.ts';
import { attachControl, CONTROL_HELP } from './fleet/control.ts';
import { StatsLine } from './fleet/display.ts';
import { LoadDutySource } from './fleet/duty-sources.ts';
import { Fleet } from './fleet/fleet.ts';
import { GroundTruthWriter } from './fleet/ground-truth.ts';
import { loadVehicles } from './fleet/load-vehicles.ts';
import { sourceAddresses } from './fleet/source-addresses.ts';
import { loadFeedSchedule } from './plan/from-feed.ts';
import { zoneOffsetSeconds } from './plan/zone.ts';

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '100' },
    interval: { type: 'string', default: '10' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '7611' },
    feed: { type: 'string', default: DEMO_FEED },
    seed: { type: 'string', default: '1' },
    offset: { type: 'string', default: '0' },
    'phone-prefix': { type: 'string', default: '1380000' },
    'share-2019': { type: 'string', default: '0.2' },
    'source-addresses': { type: 'string' },
    ramp: { type: 'string', default: '1000' },
    warp: { type: 'string', default: '1' },
    truth: { type: 'string' },
    duration: { type: 'string' },
    'utc-offset': { type: 'string', default: '480' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(`usage: npm run simulate -- [--vehicles N] [--interval S] [--host H] [--port P]
  [--feed GTFS.zip] [--seed N] [--offset N] [--phone-prefix 7DIGITS] [--share-2019 0.2]
  [--source-addresses 127.0.0.2,127.0.0.3] [--ramp CONN_PER_S] [--warp X] [--truth FILE.jsonl]
  [--duration S] [--utc-offset MINUTES]`);
  process.exit(0);
}

const count = Number(values.vehicles);
const interval = Number(values.interval);
// Ctrl-C during the feed load (a few seconds) exits at once; after that it closes the fleet cleanly.
let stop: (code?: number) => Promise<void> = async (code = 0) => process.exit(code);
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
console.log(`loading ${values.feed} …`);
const schedule = await loadFeedSchedule(values.feed);
const specs = loadVehicles(schedule, {
  count,
  offset: Number(values.offset),
  phonePrefix: values['phone-prefix'],
  share2019: Number(values['share-2019']),
});
const warp = Number(values.warp);
const clock = warp === 1 ? realClock() : warpedClock(Date.now(), warp);
const truth = values.truth ? new GroundTruthWriter(values.truth) : undefined;
const fleet = new Fleet(specs, {
  host: values.host,
  port: Number(values.port),
  interval,
  clock,
  duties: new LoadDutySource(schedule, specs, values.seed),
  seed: values.seed,
  truth,
  localAddresses: sourceAddresses(values['source-addresses'], values.host, count),
  rampPerSecond: Number(values.ramp),
  utcOffsetMinutes: Number(values['utc-offset']),
  scheduleUtcOffsetSeconds: zoneOffsetSeconds(schedule.timeZone, Math.floor(Date.now() / 1000)),
});

const terminals = fleet.terminals();
const display = new StatsLine(fleet.stats, count, () => terminals.filter((t) => t.online).length);
// The gateway refuses terminals it does not know (0x8100 result 4): say how to register them.
setTimeout(() => {
  if (fleet.stats.registered === 0 && fleet.stats.connected > 0 && !terminals.some((t) => t.online)) {
    console.log(
      `\nno terminal was accepted: register them first, e.g. node --import tsx bench/simulator-seed-devices.ts --count ${count + Number(values.offset)}`,
    );
  }
}, 15_000).unref();
const tty = process.stdout.isTTY;
const show = setInterval(
  () => {
    const text = display.line();
    if (tty) process.stdout.write(`\r\x1b[2K${text}`);
    else console.log(text);
  },
  tty ? 1000 : 5000,
);

let stopping = false;
stop = async (code = 0): Promise<void> => {
  if (stopping) return;
  stopping = true;
  clearInterval(show);
  // The last line before closing, so it shows the fleet as it ran.
  const last = display.line();
  await fleet.stop();
  process.stdout.write(`\n${last}${truth ? `  truth ${truth.count} events → ${values.truth}` : ''}\n`);
  process.exit(code);
};
console.log(`simulating ${count} terminals at ${interval} s against ${values.host}:${values.port} (Ctrl-C stops)`);
console.log(`type a command to raise an alarm now, e.g. "sos 1"\n${CONTROL_HELP}`);
// Alarms on request (docs/simulator.md): the answer replaces the status line, which comes back on the next tick.
attachControl(fleet, process.stdin, (text) => process.stdout.write(`${tty ? '\r\x1b[2K' : ''}${text}\n`));
await fleet.start();
if (values.duration) setTimeout(() => void stop(), Number(values.duration) * 1000);
