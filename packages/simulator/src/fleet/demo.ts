import { DEMO_FEED } from '@headway/server/lines';
import type { Kysely } from 'kysely';
import { loadFeedSchedule } from '../plan/from-feed.ts';
import { zoneOffsetSeconds } from '../plan/zone.ts';
import { DEMO_RATES, type EventRates } from '../terminal/events.ts';
import { realClock } from './clock.ts';
import { demoFleetSpecs, peakTimeShift } from './demo-specs.ts';
import { LineDutySource } from './duty-sources.ts';
import { Fleet } from './fleet.ts';
import { GroundTruthWriter } from './ground-truth.ts';

export interface DemoFleetOptions {
  // biome-ignore lint/suspicious/noExplicitAny: any Kysely over the server's store; only transit tables are read.
  db: Kysely<any>;
  /** The demo company (default: the one named "Demo Transit"). */
  companyId?: number;
  host?: string;
  /** The gateway's JT/T 808 port (HEADWAY_GATEWAY_PORT, default 7611). */
  port?: number;
  interval?: number;
  feed?: string;
  seed?: number | string;
  /** Write station arrival/departure ground truth here (JSON lines). */
  truthFile?: string;
  /**
   * Shift the timetable so the demo looks busy at any hour: 'auto' (default) moves it to the 08:00 peak when fewer
   * than half the buses would be out now; a number of seconds; or 0 to run the real time of day.
   */
  timeShift?: 'auto' | number;
  /** Terminal clock zone, minutes east of UTC; must match what the gateway assumes (JT/T 808: GMT+8). */
  utcOffsetMinutes?: number;
  /** Random alarm rates per vehicle-hour; default DEMO_RATES (ADAS/DSM evidence every 20–30 s across the fleet). */
  rates?: EventRates;
  log?: (message: string) => void;
}

export interface DemoFleet {
  fleet: Fleet;
  vehicles: number;
  timeShift: number;
  stop(): Promise<void>;
}

/**
 * Runs the demo company's buses in-process beside the server: every vehicle with a device connects to the
 * gateway as a JT/T 808 terminal and drives blocks of its own line from the GTFS timetable. For `npm start`:
 * `await startDemoFleet({ db: store.db, port: config.gatewayPort })` once the gateway listens.
 */
export async function startDemoFleet(options: DemoFleetOptions): Promise<DemoFleet> {
  const specs = await demoFleetSpecs(
    options.db,
    options.companyId === undefined ? {} : { companyId: options.companyId },
  );
  const schedule = await loadFeedSchedule(options.feed ?? DEMO_FEED);
  const now = Math.floor(Date.now() / 1000);
  const timeShift =
    typeof options.timeShift === 'number' ? options.timeShift : peakTimeShift(schedule, now, specs.length);
  const fleet = new Fleet(specs, {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 7611,
    interval: options.interval ?? 10,
    clock: realClock(),
    duties: new LineDutySource(schedule, timeShift),
    seed: options.seed ?? 'demo',
    truth: options.truthFile ? new GroundTruthWriter(options.truthFile) : undefined,
    utcOffsetMinutes: options.utcOffsetMinutes,
    scheduleUtcOffsetSeconds: zoneOffsetSeconds(schedule.timeZone, now - timeShift),
    rampPerSecond: 200,
    rates: options.rates ?? DEMO_RATES,
  });
  await fleet.start();
  options.log?.(
    `demo fleet: ${specs.length} buses connecting to ${options.host ?? '127.0.0.1'}:${options.port ?? 7611}` +
      (timeShift ? ` (timetable shifted ${Math.round(timeShift / 60)} min to show the morning peak)` : ''),
  );
  return { fleet, vehicles: specs.length, timeShift, stop: () => fleet.stop() };
}
