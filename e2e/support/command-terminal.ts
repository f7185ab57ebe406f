import type { HeadwayClient } from '@headway/server/test-client';
import type { MotionState, VirtualTerminal } from '@headway/simulator';
import type { OwnLine, VehicleLive, VehicleLiveResult } from '../../packages/server/src/contract/vehicles.ts';
import { demoTerminal } from './demo-terminal.ts';
import { along } from './live-map.ts';

// Command e2e support: demo buses standing at a stop of their line, each the simulator's own terminal on the shared
// e2e server's gateway. They report as often as their report-interval parameter (id 41, 0x0029) says — a write of
// it from the console changes how often they report — and answer every command as the demo's buses do.

export interface StandingBus {
  car: VehicleLive;
  terminal: VirtualTerminal;
}

export interface StandingFleet {
  buses: StandingBus[];
  stop(): void;
}

/** `fromEnd` counts from the last demo vehicle with a line (line-terminal.ts keeps 8–10 free for this file). */
export async function standingBuses(
  admin: HeadwayClient,
  gatewayPort: number,
  fromEnd: number[],
  intervalSeconds = 10,
): Promise<StandingFleet> {
  const cars = (await admin.get<VehicleLiveResult>('/basic/cars/real')).result.rows;
  const lines = new Map((await admin.get<OwnLine[]>('/basic/routes/own')).result.map((l) => [l.route_code, l]));
  const usable = cars.filter((c) => c.terminal_phone && lines.get(c.route_code)?.directions[0]?.path);
  const buses = fromEnd.map((k) => {
    const car = usable[usable.length - 1 - k];
    if (!car) throw new Error(`no demo vehicle ${k} from the end with a line`);
    const at = along(lines.get(car.route_code)?.directions[0]?.path as string, 0.5);
    const motion = (): MotionState => ({
      time: Math.floor(Date.now() / 1000),
      lat: at.lat,
      lng: at.lng,
      speed: 0,
      azimuth: at.azimuth,
      odometer: 2_000_000,
      accOn: true,
      doors: [false, false, false],
      phase: 'layover',
      tripId: '',
      routeCode: car.route_code,
      direction: 1,
      detourMetres: 0,
      stoppedFor: 30,
      passengers: { onboard: 0, onDay: 0, onTrip: 0, offTrip: 0, onLast: 0, offLast: 0 },
    });
    const terminal = demoTerminal(car, gatewayPort, motion, { interval: intervalSeconds, seed: 'e2e-commands' });
    return { car, terminal };
  });
  for (const b of buses) b.terminal.start();
  await Promise.all(buses.map((b) => b.terminal.whenOnline()));
  // As the fleet does: each terminal reports when its own interval is up (terminal.interval follows id 41).
  const next = new Map(buses.map((b) => [b, 0]));
  const timer = setInterval(() => {
    const now = Date.now();
    for (const b of buses) {
      b.terminal.tick();
      if (now < (next.get(b) ?? 0)) continue;
      b.terminal.report();
      // From the due time, not from now: a late timer must not stretch the interval.
      next.set(b, Math.max(now - 1000, next.get(b) ?? 0) + b.terminal.interval * 1000);
    }
  }, 100);
  return {
    buses,
    stop: () => {
      clearInterval(timer);
      for (const b of buses) b.terminal.stop();
    },
  };
}
