import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { epochToLocalTime, makeLocation } from '@headway/protocol';
import { HeadwayClient } from '@headway/server/test-client';
import { pino } from 'pino';
import { loadConfig } from '../../packages/server/src/config.ts';
import type { OwnLine, VehicleLiveResult } from '../../packages/server/src/contract/vehicles.ts';
import { gatewayModule } from '../../packages/server/src/gateway/module.ts';
import { TestTerminal } from '../../packages/server/src/gateway/testing/terminal.ts';
import { PLATFORM_MODULES } from '../../packages/server/src/modules.ts';
import { startPlatform } from '../../packages/server/src/platform.ts';
import { vehiclesModule } from '../../packages/server/src/vehicles/module.ts';
import { DEMO_PASSWORD } from './server.ts';

// Live-map e2e support (additive): a server that serves the monitoring API, and a small fleet of real
// JT/T 808 terminals reporting along the demo lines through the gateway's TCP port.

export interface MapServer {
  url: string;
  gatewayPort: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The shared e2e server when it already mounts the monitoring API (app.ts/modules.ts wired), otherwise an
 * in-process platform with the gateway, live and vehicles modules on free ports.
 */
export async function mapServer(sharedUrl: string): Promise<MapServer> {
  const probe = await fetch(`${sharedUrl}/api/basic/cars/tree`).catch(() => null);
  if (probe && probe.status !== 404) return { url: sharedUrl, gatewayPort: 7611, stop: async () => {} };
  const [port, gatewayPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'headway-e2e-map-'));
  const config = {
    ...loadConfig({}),
    port,
    host: '127.0.0.1',
    gatewayPort,
    dataDir,
    demoPassword: DEMO_PASSWORD,
    logLevel: 'warn',
  };
  const platform = await startPlatform(
    config,
    [
      // The process's own modules (and their demo seeders), with the gateway moved to free ports.
      ...PLATFORM_MODULES.map((m) =>
        m.name === 'gateway'
          ? gatewayModule({ host: '127.0.0.1', port: gatewayPort, mediaPort: 0, attachmentPort: 0 })
          : m,
      ),
      ...(PLATFORM_MODULES.some((m) => m.name === 'vehicles') ? [] : [vehiclesModule]),
    ],
    pino({ level: 'warn' }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    gatewayPort,
    async stop() {
      await platform.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Point `fraction` of the way along a spec path string (`lat,lng|…`). */
function along(path: string, fraction: number): { lat: number; lng: number; azimuth: number } {
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
): Promise<{ terminals: TestTerminal[]; cars: string[] }> {
  const admin = new HeadwayClient(server.url);
  await admin.login('admin', DEMO_PASSWORD);
  const real = (await admin.get<VehicleLiveResult>('/basic/cars/real')).result.rows;
  const lines = new Map((await admin.get<OwnLine[]>('/basic/routes/own')).result.map((l) => [l.route_code, l]));
  const now = Math.floor(Date.now() / 1000);
  const terminals: TestTerminal[] = [];
  const cars: string[] = [];
  for (const [i, car] of real.slice(0, count).entries()) {
    const path = lines.get(car.route_code)?.directions[i % 2]?.path ?? lines.get(car.route_code)?.directions[0]?.path;
    if (!path || !car.terminal_phone) continue;
    const at = along(path, ((i * 37) % 100) / 100);
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
  }
  return { terminals, cars };
}

/** One more 0x0200 from a connected terminal (a live update while the console watches). */
export async function sendFix(
  terminal: TestTerminal,
  fix: { lat: number; lng: number; speedKmh: number; azimuth: number },
): Promise<void> {
  const flowId = terminal.send({
    msgId: 0x0200,
    body: makeLocation({
      lat: fix.lat,
      lng: fix.lng,
      speedKmh: fix.speedKmh,
      altitude: 10,
      direction: fix.azimuth,
      time: epochToLocalTime(Math.floor(Date.now() / 1000), 480),
      status: 0x3,
      items: [{ id: 0x31, satellites: 12 }],
    }),
  });
  await terminal.ackOf(flowId);
}
