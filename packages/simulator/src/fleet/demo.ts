import { DEMO_FEED, transitDb } from '@headway/server/lines';
import type { Kysely } from 'kysely';
import { dutiesAt, loadFeedSchedule } from '../plan/from-feed.ts';
import { localDate, serviceDayStart, zoneOffsetSeconds } from '../plan/zone.ts';
import type { Crew } from '../terminal/report.ts';
import { realClock } from './clock.ts';
import { LineDutySource } from './duty-sources.ts';
import { Fleet, type FleetVehicleSpec } from './fleet.ts';
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
  const db = transitDb(options.db);
  const companyId =
    options.companyId ??
    (await db.selectFrom('companies').select('id').where('name', '=', 'Demo Transit').executeTakeFirstOrThrow()).id;
  const rows = await db
    .selectFrom('vehicles')
    .innerJoin('devices', 'devices.id', 'vehicles.device_id')
    .innerJoin('lines', 'lines.id', 'vehicles.line_id')
    .select([
      'vehicles.id as id',
      'vehicles.car_name as carName',
      'vehicles.lpn as lpn',
      'vehicles.imei as imei',
      'vehicles.line_id as lineId',
      'lines.route_code as routeCode',
      'devices.terminal_phone as phone',
      'devices.protocol_version as version',
    ])
    .where('vehicles.company_id', '=', companyId)
    .orderBy('vehicles.id')
    .execute();
  const crew = await db
    .selectFrom('employees')
    .select(['emp_no', 'emp_type', 'ic_card', 'line_id'])
    .where('company_id', '=', companyId)
    .orderBy('emp_no')
    .execute();
  const homes = await db
    .selectFrom('line_stations')
    .select(['line_id', 'lat', 'lng', 'azimuth'])
    .where('company_id', '=', companyId)
    .where('direction', '=', 1)
    .where('serial', '=', 1)
    .execute();

  const schedule = await loadFeedSchedule(options.feed ?? DEMO_FEED);
  const signOn = Math.floor(Date.now() / 1000) - 1800;
  const drivers = crew.filter((e) => e.emp_type === 1);
  const conductors = crew.filter((e) => e.emp_type === 2);
  const specs: FleetVehicleSpec[] = rows.map((r, i) => {
    const home = homes.find((h) => h.line_id === r.lineId);
    const driver =
      drivers.filter((d) => d.line_id === r.lineId)[rows.filter((x, k) => k < i && x.lineId === r.lineId).length] ??
      drivers[i];
    const conductor = conductors.find((c) => c.emp_no === `C${driver?.emp_no.slice(1)}`);
    const c: Crew | null = driver
      ? {
          driverNo: driver.emp_no,
          driverCard: driver.ic_card,
          conductorNo: conductor?.emp_no ?? '',
          conductorCard: conductor?.ic_card ?? '',
          signedOnAt: signOn,
        }
      : null;
    return {
      phone: r.phone,
      version: r.version === '2019' ? 2019 : 2013,
      carName: r.carName,
      plate: r.lpn,
      imei: r.imei,
      routeCode: r.routeCode,
      home: { lat: home?.lat ?? 0, lng: home?.lng ?? 0, azimuth: home?.azimuth ?? 0, routeCode: r.routeCode },
      crew: c,
    };
  });

  const now = Math.floor(Date.now() / 1000);
  let timeShift = typeof options.timeShift === 'number' ? options.timeShift : 0;
  if ((options.timeShift ?? 'auto') === 'auto' && dutiesAt(schedule, now).length < specs.length / 2) {
    // Night or a quiet day: replay today's 08:00 peak from now on.
    const today = localDate(schedule.timeZone, now);
    timeShift = now - (serviceDayStart(schedule.timeZone, today.date) + 8 * 3600);
  }
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
  });
  await fleet.start();
  options.log?.(
    `demo fleet: ${specs.length} buses connecting to ${options.host ?? '127.0.0.1'}:${options.port ?? 7611}` +
      (timeShift ? ` (timetable shifted ${Math.round(timeShift / 60)} min to show the morning peak)` : ''),
  );
  return { fleet, vehicles: specs.length, timeShift, stop: () => fleet.stop() };
}
