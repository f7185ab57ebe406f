import type { HeadwayClient } from '@headway/server/test-client';
import type { MotionState, VirtualTerminal } from '@headway/simulator';
import type { OwnLine, VehicleLive, VehicleLiveResult } from '../../packages/server/src/contract/vehicles.ts';
import { demoTerminal } from './demo-terminal.ts';
import { along } from './live-map.ts';
import { pathPoints, walkPath } from './path-walk.ts';

// Alarm e2e support: one of the demo's vehicles as a full simulated terminal (the simulator's own), driving on
// its line and reporting every second through the shared e2e server's gateway. It raises SOS and DSM alarms on
// request and answers the platform's 0x9208 by uploading its real stills and clip to the attachment port.

export interface AlarmVehicle {
  car: VehicleLive;
  terminal: VirtualTerminal;
  stop(): void;
}

/**
 * A demo vehicle as a reporting terminal, online when resolved: `fromEnd` counts from the last vehicle with a
 * line, away from the first ones the live-map tests drive.
 */
export async function alarmVehicle(admin: HeadwayClient, gatewayPort: number, fromEnd: number): Promise<AlarmVehicle> {
  const cars = (await admin.get<VehicleLiveResult>('/basic/cars/real')).result.rows;
  const lines = new Map((await admin.get<OwnLine[]>('/basic/routes/own')).result.map((l) => [l.route_code, l]));
  const usable = cars.filter((c) => c.terminal_phone && lines.get(c.route_code)?.directions[0]?.path);
  const car = usable[usable.length - 1 - fromEnd];
  if (!car) throw new Error(`no demo vehicle ${fromEnd} from the end with a line`);
  const path = lines.get(car.route_code)?.directions[0]?.path as string;
  const start = along(path, 0.3);
  const drive = walkPath(path, nearestVertex(path, start));
  const startedAt = Date.now();
  const motion = (): MotionState => {
    // 25 km/h along the line from 30 % of its way: on route, so no deviation alarm muddles the test.
    const at = drive(((Date.now() - startedAt) / 1000) * (25 / 3.6));
    return {
      time: Math.floor(Date.now() / 1000),
      lat: at.lat,
      lng: at.lng,
      // Above the simulator's 15 km/h floor for ADAS/DSM, under any speed limit.
      speed: 25,
      azimuth: start.azimuth,
      odometer: 1_000_000,
      accOn: true,
      doors: [false, false, false],
      phase: 'driving',
      tripId: '',
      routeCode: car.route_code,
      direction: 1,
      detourMetres: 0,
      stoppedFor: 0,
      passengers: { onboard: 10, onDay: 100, onTrip: 10, offTrip: 0, onLast: 1, offLast: 0 },
    };
  };
  const terminal = demoTerminal(car, gatewayPort, motion, { interval: 1, seed: 'e2e' });
  terminal.start();
  await terminal.whenOnline();
  const timer = setInterval(() => {
    terminal.report();
    terminal.tick();
  }, 1000);
  return {
    car,
    terminal,
    stop: () => {
      clearInterval(timer);
      terminal.stop();
    },
  };
}

/** Index of the path's vertex nearest `to`. */
function nearestVertex(path: string, to: { lat: number; lng: number }): number {
  const pts = pathPoints(path);
  let best = 0;
  for (let i = 1; i < pts.length; i++) {
    const [lat, lng] = pts[i] as [number, number];
    const [bLat, bLng] = pts[best] as [number, number];
    if (Math.hypot(lat - to.lat, lng - to.lng) < Math.hypot(bLat - to.lat, bLng - to.lng)) best = i;
  }
  return best;
}
