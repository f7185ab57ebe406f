import type { HeadwayClient } from '@headway/server/test-client';
import type { MotionState, VirtualTerminal } from '@headway/simulator';
import type { LineHeadways } from '../../packages/server/src/contract/line-map.ts';
import type { OwnLine, VehicleLive, VehicleLiveResult } from '../../packages/server/src/contract/vehicles.ts';
import { demoTerminal, uploadBacklog } from './demo-terminal.ts';
import { pathLength, walkPath } from './path-walk.ts';

// Line-map e2e support: several demo buses of one line driving its first direction one behind the other, each a real
// JT/T 808 terminal on the shared e2e server's gateway. Each bus left the origin some minutes ago: its drive so far
// goes up as a blind-area upload (0x0704, as a terminal does after a dead zone), so the ingest has its station
// events and the server can measure headways; then it keeps reporting live every 2 s until stopped.

export interface LineBus {
  car: VehicleLive;
  /** Epoch seconds it left the origin. */
  departed: number;
  terminal: VirtualTerminal;
}

export interface LineFleet {
  line: OwnLine;
  buses: LineBus[];
  speedKmh: number;
  stop(): void;
}

/**
 * Vehicles the other e2e files drive, counted from the end of the demo roster (alarms 0–1, track history 5, line-map
 * history 7, commands 8–10, regions 11).
 */
const RESERVED_FROM_END = 12;

/**
 * A demo line whose first direction has a scheduled headway now (so bunching can be judged whatever the hour: some
 * lines do not run at night) and at least `count` buses with terminals clear of the other files' vehicles.
 */
export async function pickLine(
  admin: HeadwayClient,
  count: number,
): Promise<{ line: OwnLine; cars: VehicleLive[]; scheduled: number }> {
  const all = (await admin.get<VehicleLiveResult>('/basic/cars/real')).result.rows.filter((c) => c.terminal_phone);
  const free = all.slice(0, Math.max(0, all.length - RESERVED_FROM_END));
  const lines = (await admin.get<OwnLine[]>('/basic/routes/own')).result;
  for (const line of lines) {
    const cars = free.filter((c) => c.route_code === line.route_code);
    if (cars.length < count || line.category !== 0 || !line.directions[0]?.path) continue;
    const headways = (
      await admin.get<LineHeadways>(`/dispatch/headways?route_code=${encodeURIComponent(line.route_code)}`)
    ).result;
    const scheduled = headways.directions.find((d) => d.direction === line.directions[0]?.direction)?.scheduled;
    if (scheduled) return { line, cars: cars.slice(0, count), scheduled };
  }
  throw new Error(`no two-way demo line with ${count} free buses and a scheduled headway now`);
}

/**
 * Drives `cars[k]` along the line's first direction from its origin, having left `departedAgo[k]` seconds ago, all at
 * `speedKmh`; resolves once every bus's history is acked and it reports live.
 */
export async function driveLine(
  gatewayPort: number,
  options: { line: OwnLine; cars: VehicleLive[]; departedAgo: number[]; speedKmh: number; intervalSeconds?: number },
): Promise<LineFleet> {
  const { line, cars, departedAgo, speedKmh } = options;
  const interval = options.intervalSeconds ?? 10;
  const direction = line.directions[0];
  if (!direction) throw new Error(`line ${line.route_code} has no direction`);
  const walk = walkPath(direction.path);
  const length = pathLength(direction.path);
  const metresPerSecond = speedKmh / 3.6;
  const now = Math.floor(Date.now() / 1000);

  const buses = await Promise.all(
    cars.map(async (car, k) => {
      const departed = now - (departedAgo[k] ?? 0);
      let clock = departed;
      const motion = (): MotionState => {
        // Stops short of the terminal: a bus that reached it has ended its trip and leaves the headways.
        const along = Math.min(length * 0.95, (clock - departed) * metresPerSecond);
        const at = walk(along);
        return {
          time: clock,
          lat: at.lat,
          lng: at.lng,
          speed: speedKmh,
          azimuth: at.azimuth,
          odometer: 2_000_000 + Math.round(along),
          accOn: true,
          doors: [false, false, false],
          phase: 'driving',
          tripId: '',
          routeCode: line.route_code,
          direction: direction.direction as 1 | 2,
          detourMetres: 0,
          stoppedFor: 0,
          passengers: { onboard: 12, onDay: 40, onTrip: 12, offTrip: 0, onLast: 1, offLast: 0 },
        };
      };
      const terminal = demoTerminal(car, gatewayPort, motion, { interval, seed: 'line' });
      // The drive so far, kept while "offline" and uploaded in blind-area batches once online.
      for (clock = departed; clock < now; clock += interval) terminal.report();
      await uploadBacklog(terminal, car.car_name);
      return { car, departed, terminal, setClock: (t: number) => (clock = t) };
    }),
  );

  const timer = setInterval(() => {
    const t = Math.floor(Date.now() / 1000);
    for (const bus of buses) {
      bus.setClock(t);
      bus.terminal.report();
      bus.terminal.tick();
    }
  }, 2000);
  // One live report at once, so every bus is fresh before the console looks.
  for (const bus of buses) {
    bus.setClock(Math.floor(Date.now() / 1000));
    bus.terminal.report();
  }
  return {
    line,
    speedKmh,
    buses: buses.map(({ car, departed, terminal }) => ({ car, departed, terminal })),
    stop: () => {
      clearInterval(timer);
      for (const bus of buses) bus.terminal.stop();
    },
  };
}
