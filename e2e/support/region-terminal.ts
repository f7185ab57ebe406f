import type { HeadwayClient } from '@headway/server/test-client';
import { type MotionState, Rng, type VirtualTerminal } from '@headway/simulator';
import type { VehicleLive, VehicleLiveResult } from '../../packages/server/src/contract/vehicles.ts';
import { demoTerminal } from './demo-terminal.ts';

// Region e2e support: one demo vehicle's terminal (the simulator's own) reporting exactly the positions the test
// scripts, with GPS noise, through the shared e2e server's gateway. Each report carries its own second so a drive
// of a few hundred metres at bus speed takes seconds of the test, not minutes, and stays in time order.

/** Counted from the end of the demo roster: the other files keep 0–10 (line-terminal.ts RESERVED_FROM_END). */
export const REGION_BUS_FROM_END = 11;

export interface ScriptedBus {
  car: VehicleLive;
  terminal: VirtualTerminal;
  /** Reports each point (one per second of event time, from `startTime`), each acknowledged before it returns. */
  drive(points: readonly { lat: number; lng: number }[], startTime: number): Promise<void>;
  stop(): void;
}

const M_PER_DEG = 111_320;

/** Points every `stepM` metres from `from` to `to` (lat/lng), each moved by up to ±`noiseM` east and north. */
export function noisyLine(
  from: { lat: number; lng: number },
  to: { lat: number; lng: number },
  stepM: number,
  noiseM: number,
  seed: string,
): { lat: number; lng: number }[] {
  const rng = new Rng(seed);
  const mLng = M_PER_DEG * Math.cos((from.lat * Math.PI) / 180);
  const length = Math.hypot((to.lat - from.lat) * M_PER_DEG, (to.lng - from.lng) * mLng);
  const steps = Math.max(1, Math.round(length / stepM));
  const out: { lat: number; lng: number }[] = [];
  for (let i = 0; i <= steps; i++) {
    const f = i / steps;
    out.push({
      lat: from.lat + (to.lat - from.lat) * f + ((rng.next() * 2 - 1) * noiseM) / M_PER_DEG,
      lng: from.lng + (to.lng - from.lng) * f + ((rng.next() * 2 - 1) * noiseM) / mLng,
    });
  }
  return out;
}

/** The bus comes online standing at `start` (it reports there once the test drives). */
export async function scriptedBus(
  admin: HeadwayClient,
  gatewayPort: number,
  start: { lat: number; lng: number },
): Promise<ScriptedBus> {
  const cars = (await admin.get<VehicleLiveResult>('/basic/cars/real')).result.rows.filter((c) => c.terminal_phone);
  const car = cars[cars.length - 1 - REGION_BUS_FROM_END];
  if (!car) throw new Error('no demo vehicle for the region test');
  let at = { ...start, time: Math.floor(Date.now() / 1000) };
  const motion = (): MotionState => ({
    time: at.time,
    lat: at.lat,
    lng: at.lng,
    speed: 36,
    azimuth: 90,
    odometer: 3_000_000,
    accOn: true,
    doors: [false, false, false],
    phase: 'driving',
    tripId: '',
    routeCode: car.route_code,
    direction: 1,
    detourMetres: 0,
    stoppedFor: 0,
    passengers: { onboard: 5, onDay: 50, onTrip: 5, offTrip: 0, onLast: 0, offLast: 0 },
  });
  const terminal = demoTerminal(car, gatewayPort, motion, { interval: 1, seed: 'e2e-regions' });
  terminal.start();
  await terminal.whenOnline();
  return {
    car,
    terminal,
    async drive(points, startTime) {
      for (const [i, p] of points.entries()) {
        at = { lat: p.lat, lng: p.lng, time: startTime + i };
        terminal.report();
        const deadline = Date.now() + 10_000;
        while (terminal.unacked > 0) {
          if (Date.now() > deadline) throw new Error(`report ${i} of the drive not acknowledged`);
          terminal.tick();
          await new Promise((r) => setTimeout(r, 10));
        }
      }
    },
    stop: () => terminal.stop(),
  };
}
