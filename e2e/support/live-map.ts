import { epochToLocalTime, makeLocation } from '@headway/protocol';
import { HeadwayClient } from '@headway/server/test-client';
import { inject } from 'vitest';
import type { OwnLine, VehicleLiveResult } from '../../packages/server/src/contract/vehicles.ts';
import { TestTerminal } from '../../packages/server/src/gateway/testing/terminal.ts';
import { DEMO_PASSWORD } from './server.ts';

// Live-map e2e support: a small fleet of real JT/T 808 terminals reporting along the demo lines through the
// shared e2e server's gateway port.

/** The shared e2e server: its URL and its JT/T 808 gateway port (global-setup starts both on free ports). */
export interface MapServer {
  url: string;
  gatewayPort: number;
}

export function mapServer(url: string): MapServer {
  return { url, gatewayPort: inject('gatewayPort') };
}

/** Point `fraction` of the way along a spec path string (`lat,lng|…`). */
export function along(path: string, fraction: number): { lat: number; lng: number; azimuth: number } {
  const pts = path.split('|').map((p) => p.split(',').map(Number) as [number, number]);
  const i = Math.min(pts.length - 2, Math.max(0, Math.floor(fraction * (pts.length - 1))));
  const [aLat, aLng] = pts[i] as [number, number];
  const [bLat, bLng] = (pts[i + 1] ?? pts[i]) as [number, number];
  const azimuth = Math.round(((Math.atan2(bLng - aLng, bLat - aLat) * 180) / Math.PI + 360) % 360);
  return { lat: aLat, lng: aLng, azimuth };
}

/**
 * Connects `count` demo terminals (register, authenticate) and sends one 0x0200 each at a point on the
 * vehicle's line, some running, some idle, one with a warning, so every colour shows. Returns the
 * terminals (close them when done) and the car names that reported.
 */
export async function reportDemoFleet(
  server: MapServer,
  count: number,
): Promise<{
  terminals: TestTerminal[];
  cars: string[];
  drives: { path: string; fraction: number }[];
  /** Each reporting car's line code, in the order of `cars`. */
  lines: string[];
}> {
  const admin = new HeadwayClient(server.url);
  await admin.login('admin', DEMO_PASSWORD);
  const real = (await admin.get<VehicleLiveResult>('/basic/cars/real')).result.rows;
  const lines = new Map((await admin.get<OwnLine[]>('/basic/routes/own')).result.map((l) => [l.route_code, l]));
  const now = Math.floor(Date.now() / 1000);
  const terminals: TestTerminal[] = [];
  const cars: string[] = [];
  const drives: { path: string; fraction: number }[] = [];
  const codes: string[] = [];
  for (const [i, car] of real.slice(0, count).entries()) {
    const path = lines.get(car.route_code)?.directions[i % 2]?.path ?? lines.get(car.route_code)?.directions[0]?.path;
    if (!path || !car.terminal_phone) continue;
    const fraction = ((i * 37) % 100) / 100;
    const at = along(path, fraction);
    const terminal = await TestTerminal.connect(server.gatewayPort, car.terminal_phone);
    const reg = await terminal.register(car.lpn);
    if (reg.token) await terminal.authenticate(reg.token);
    const running = i % 4 !== 3;
    const flowId = terminal.send({
      msgId: 0x0200,
      body: makeLocation({
        lat: at.lat,
        lng: at.lng,
        speedKmh: running ? 18 + (i % 5) * 6 : 0,
        altitude: 10,
        direction: at.azimuth,
        time: epochToLocalTime(now - (i % 7), 480),
        // ACC on + positioned; every 9th vehicle reports an overspeed alarm.
        status: i % 8 === 7 ? 0x2 : 0x3,
        alarmFlags: i % 9 === 4 ? 0x2 : 0,
        items: [
          { id: 0x01, mileageKm: 12000 + i * 37.5 },
          { id: 0x30, rssi: 24 },
          { id: 0x31, satellites: 9 + (i % 6) },
        ],
      }),
    });
    await terminal.ackOf(flowId);
    terminals.push(terminal);
    cars.push(car.car_name);
    drives.push({ path, fraction });
    codes.push(car.route_code);
  }
  return { terminals, cars, drives, lines: codes };
}

/**
 * One more 0x0200 from a connected terminal (a live update while the console watches). `time` (epoch s, default
 * now) lets a test send a drive's fixes a second apart without waiting a second between them.
 */
export async function sendFix(
  terminal: TestTerminal,
  fix: { lat: number; lng: number; speedKmh: number; azimuth: number; time?: number },
): Promise<void> {
  const flowId = terminal.send({
    msgId: 0x0200,
    body: makeLocation({
      lat: fix.lat,
      lng: fix.lng,
      speedKmh: fix.speedKmh,
      altitude: 10,
      direction: fix.azimuth,
      time: epochToLocalTime(fix.time ?? Math.floor(Date.now() / 1000), 480),
      status: 0x3,
      items: [{ id: 0x31, satellites: 12 }],
    }),
  });
  await terminal.ackOf(flowId);
}
