import type { Socket } from 'node:net';
import { VirtualTerminal } from '@headway/simulator';
import { Rng } from '../../../../simulator/src/motion/rng.ts';
import { FleetStats } from '../../../../simulator/src/terminal/stats.ts';
import { HeadwayClient } from '../../../test/helpers/client.ts';
import { createTestStore } from '../../../test/helpers/database.ts';
import { PASSWORD, seedCompany, type TestServer } from '../../../test/helpers/server.ts';
import { buildApp } from '../../app.ts';
import { LocalCommandRouter } from '../../commands/router.ts';
import { seedDemo } from '../../demo/seed.ts';
import type { Gateway } from '../../gateway/gateway.ts';
import { startTestGateway } from '../../gateway/testing/fixture.ts';
import { ManualClock } from '../../kernel/time.ts';
import type { Engine } from '../../store/db.ts';
import { seedMapFixture } from '../../vehicles/testing/fixtures.ts';
import { type VideoOptions, videoOptionsFromEnv } from '../options.ts';
import { registerViewerRoutes } from '../viewer-routes.ts';

// The API, a gateway with its media port and the viewer endpoints on one store, wired as the gateway, commands and
// video modules do, with simulated terminals (the simulator's VirtualTerminal and its TerminalMedia) on real TCP.

export interface VideoVehicle {
  carId: number;
  imei: string;
  phone: string;
}

export interface VideoServer extends TestServer {
  gateway: Gateway;
  fleet: { bus1: VideoVehicle; bus2: VideoVehicle; other: VideoVehicle };
  admin(company?: 'demo' | 'other'): Promise<HeadwayClient>;
  /** A simulated terminal of this phone, online on the gateway, streaming the capture at `pace`× real time. */
  terminal(vehicle: VideoVehicle, pace?: number): Promise<VirtualTerminal>;
}

export async function startVideoServer(engine: Engine, video: Partial<VideoOptions> = {}): Promise<VideoServer> {
  const { store, drop } = await createTestStore(engine);
  const clock = new ManualClock();
  const demo = await seedDemo(store.db, { password: PASSWORD, clock });
  const other = await seedCompany(store, 'Other Transit', 'other-admin');
  const demoFleet = await seedMapFixture(store.db, demo.companyId, [
    { carName: 'Bus 1', imei: '860000000000101', terminalPhone: '013800000101', fleet: null, line: 'L1' },
    { carName: 'Bus 2', imei: '860000000000102', terminalPhone: '013800000102', fleet: null, line: 'L2' },
  ]);
  const otherFleet = await seedMapFixture(store.db, other.companyId, [
    { carName: 'Other Bus', imei: '860000000000109', terminalPhone: '013800000109', fleet: null, line: 'X1' },
  ]);
  const gateway = await startTestGateway(store, { commandTimeoutMs: 3000, video });
  const app = await buildApp({ db: store.db, clock });
  const router = new LocalCommandRouter(gateway);
  app.decorate('commandRouter', router);
  app.decorate('gateway', gateway);
  await registerViewerRoutes(app, {
    db: store.db,
    clock,
    policy: app.services.policy,
    secret: videoOptionsFromEnv().secret,
    nodeId: gateway.options.nodeId,
    media: () => gateway.media,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Connections the test's own clients leave behind (fetch keeps sockets for reuse) must not hold up the close.
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const client = (base = '/api') => new HeadwayClient(url, base, () => clock.now());
  const terminals: VirtualTerminal[] = [];
  return {
    url,
    app,
    store,
    gateway,
    clock,
    demoCompanyId: demo.companyId,
    fleet: {
      bus1: { carId: demoFleet.carIds.get('Bus 1') ?? 0, imei: '860000000000101', phone: '013800000101' },
      bus2: { carId: demoFleet.carIds.get('Bus 2') ?? 0, imei: '860000000000102', phone: '013800000102' },
      other: { carId: otherFleet.carIds.get('Other Bus') ?? 0, imei: '860000000000109', phone: '013800000109' },
    },
    client,
    async admin(company = 'demo') {
      const c = client();
      const login = await c.login(company === 'demo' ? 'admin' : 'other-admin', PASSWORD);
      if (login.code !== 0) throw new Error(`login failed: ${login.code}`);
      return c;
    },
    async terminal(vehicle, pace = 1) {
      const terminal = new VirtualTerminal({
        phone: vehicle.phone,
        version: 2013,
        terminalId: vehicle.phone.slice(-7),
        plate: `V-${vehicle.phone.slice(-4)}`,
        imei: vehicle.imei,
        host: '127.0.0.1',
        port: gateway.ports.jt808,
        // Long: these tests send no reports.
        interval: 3600,
        rng: new Rng(vehicle.phone),
        stats: new FleetStats(),
        motion: () => {
          throw new Error('no reports in the video tests');
        },
        mediaPace: pace,
      });
      terminals.push(terminal);
      terminal.start();
      await terminal.whenOnline();
      return terminal;
    },
    async close() {
      for (const t of terminals) t.stop();
      for (const socket of connections) socket.destroy();
      await app.close();
      await router.close();
      await gateway.stop();
      await drop();
    },
  };
}

/** `?data=` with the payload as JSON, as the console sends the /jtt1078/* calls. */
export function withData(path: string, data: unknown): string {
  return `${path}?data=${encodeURIComponent(JSON.stringify(data))}`;
}
