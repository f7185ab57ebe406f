import type { HeadwayClient } from '@headway/server/test-client';
import type { MotionState } from '@headway/simulator';
import type { OwnLine, VehicleLive, VehicleLiveResult } from '../../packages/server/src/contract/vehicles.ts';
import { demoTerminal, uploadBacklog } from './demo-terminal.ts';
import { pathLength, walkPath } from './path-walk.ts';

// History for the replay e2e tests: one demo vehicle drives its line over a past window, and its terminal uploads
// the whole window as a real one does after a dead zone — reports kept while offline, sent as blind-area batches
// (0x0704) once it is online — through the shared e2e server's gateway. The ingest stores the points and turns
// them into station events in time order, as it would for a live bus.

export interface HistoryOptions {
  /** Which demo vehicle with a line, counted from the last one (alarms use 0 and 1; pick your own). */
  fromEnd?: number;
  /** Length of the window in minutes. */
  minutes: number;
  /** Seconds between reports (default 10). */
  intervalSeconds?: number;
  /** Constant speed while driving (default 25 km/h). */
  speedKmh?: number;
  /** Where on the first direction's path the window starts, 0–1 (default 0, the origin). */
  startFraction?: number;
  /** The window ends this many seconds before now (default 60). */
  endAgoSeconds?: number;
}

export interface HistoryRun {
  car: VehicleLive;
  /** Epoch seconds of the first and the last report. */
  start: number;
  end: number;
  points: number;
}

/** Drives the vehicle up its first direction, then down its second, and so on, until the window is filled. */
export async function driveHistory(
  admin: HeadwayClient,
  gatewayPort: number,
  options: HistoryOptions,
): Promise<HistoryRun> {
  const interval = options.intervalSeconds ?? 10;
  const speed = options.speedKmh ?? 25;
  const cars = (await admin.get<VehicleLiveResult>('/basic/cars/real')).result.rows;
  const lines = new Map((await admin.get<OwnLine[]>('/basic/routes/own')).result.map((l) => [l.route_code, l]));
  const usable = cars.filter((c) => c.terminal_phone && (lines.get(c.route_code)?.directions.length ?? 0) > 0);
  const car = usable[usable.length - 1 - (options.fromEnd ?? 2)];
  if (!car) throw new Error(`no demo vehicle ${options.fromEnd} from the end with a line`);
  const directions = (lines.get(car.route_code) as OwnLine).directions.filter((d) => d.path);

  const points = Math.floor((options.minutes * 60) / interval) + 1;
  const end = Math.floor(Date.now() / 1000) - (options.endAgoSeconds ?? 60);
  const start = end - (points - 1) * interval;
  const legs = directions.map((d) => ({
    direction: d.direction as 1 | 2,
    walk: walkPath(d.path),
    length: pathLength(d.path),
  }));
  const firstLeg = legs[0];
  if (!firstLeg) throw new Error(`line ${car.route_code} has no path`);

  let leg = 0;
  let along = firstLeg.length * (options.startFraction ?? 0);
  let n = 0;
  let onDay = 0;
  let offDay = 0;
  const motion = (): MotionState => {
    const current = legs[leg % legs.length] as (typeof legs)[number];
    const at = current.walk(along);
    const time = start + n * interval;
    // A few boardings and alightings every minute, so passenger counts have something to show.
    if (n > 0 && n % 6 === 0) {
      onDay += 3;
      offDay += 2;
    }
    const state: MotionState = {
      time,
      lat: at.lat,
      lng: at.lng,
      speed,
      azimuth: at.azimuth,
      odometer: 1_000_000 + Math.round(n * interval * (speed / 3.6)),
      accOn: true,
      doors: [false, false, false],
      phase: 'driving',
      tripId: '',
      routeCode: car.route_code,
      direction: current.direction,
      detourMetres: 0,
      stoppedFor: 0,
      passengers: { onboard: onDay - offDay, onDay, onTrip: onDay, offTrip: offDay, onLast: 3, offLast: 2 },
    };
    n++;
    along += interval * (speed / 3.6);
    if (along > current.length) {
      along -= current.length;
      leg++;
    }
    return state;
  };

  const terminal = demoTerminal(car, gatewayPort, motion, { interval, seed: 'history' });
  // Reports made while not yet connected are kept as a blind area and uploaded in 0x0704 batches once online.
  for (let i = 0; i < points; i++) terminal.report();
  await uploadBacklog(terminal, car.car_name);
  terminal.stop();
  return { car, start, end, points };
}
