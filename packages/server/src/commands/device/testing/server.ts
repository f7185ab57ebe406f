import { HeadwayClient } from '../../../../test/helpers/client.ts';
import { createTestStore } from '../../../../test/helpers/database.ts';
import { PASSWORD, seedCompany, type TestServer } from '../../../../test/helpers/server.ts';
import { buildApp } from '../../../app.ts';
import { sign } from '../../../auth/signature.ts';
import { seedDemo } from '../../../demo/seed.ts';
import type { Gateway } from '../../../gateway/gateway.ts';
import { startTestGateway } from '../../../gateway/testing/fixture.ts';
import { TestTerminal } from '../../../gateway/testing/terminal.ts';
import { ManualClock } from '../../../kernel/time.ts';
import type { Engine } from '../../../store/db.ts';
import { seedMapFixture } from '../../../vehicles/testing/fixtures.ts';
import { LocalCommandRouter } from '../../router.ts';

// The API and a gateway on one store, wired as the commands module does (`app.commandRouter` over the gateway),
// with two vehicles of the demo company on lines L1 and L2 and one of another company, for the command tests.

export interface FleetVehicle {
  carId: number;
  imei: string;
  phone: string;
  lineId: number;
}

/** A TestServer (test/helpers, so signedInUserWith works with it) with a gateway and a small fleet. */
export interface CommandServer extends TestServer {
  gateway: Gateway;
  otherCompanyId: number;
  /** Demo Transit's buses: `bus1` (line L1), `bus2` (line L2); `other` belongs to Other Transit (line X1). */
  fleet: { bus1: FleetVehicle; bus2: FleetVehicle; other: FleetVehicle };
  /** Signed in as the demo administrator, or as Other Transit's (`other-admin`). */
  admin(company?: 'demo' | 'other'): Promise<HeadwayClient>;
  /** A signed GET whose answer is not the JSON envelope (an image, a spreadsheet). */
  fetchRaw(client: HeadwayClient, path: string): Promise<Response>;
  /** A registered and authenticated terminal for this phone. */
  connect(phone: string): Promise<TestTerminal>;
}

export async function startCommandServer(
  engine: Engine,
  options: { commandTimeoutMs?: number; announceDirectoryChange?: (companyId: number) => void } = {},
): Promise<CommandServer> {
  const { store, drop } = await createTestStore(engine);
  const clock = new ManualClock();
  const demo = await seedDemo(store.db, { password: PASSWORD, clock });
  const other = await seedCompany(store, 'Other Transit', 'other-admin');
  const demoFleet = await seedMapFixture(store.db, demo.companyId, [
    { carName: 'Bus 1', imei: '860000000000001', terminalPhone: '013800000001', fleet: null, line: 'L1' },
    { carName: 'Bus 2', imei: '860000000000002', terminalPhone: '013800000002', fleet: null, line: 'L2' },
  ]);
  const otherFleet = await seedMapFixture(store.db, other.companyId, [
    { carName: 'Other Bus', imei: '860000000000009', terminalPhone: '013800000009', fleet: null, line: 'X1' },
  ]);
  const vehicle = (fleet: typeof demoFleet, car: string, line: string, imei: string, phone: string) => ({
    carId: fleet.carIds.get(car) ?? 0,
    lineId: fleet.lineIds.get(line) ?? 0,
    imei,
    phone,
  });

  const gateway = await startTestGateway(store, { commandTimeoutMs: options.commandTimeoutMs ?? 5000 });
  const app = await buildApp({ db: store.db, clock });
  const router = new LocalCommandRouter(gateway);
  app.decorate('commandRouter', router);
  // The ingest module's decoration, when a test wants to see change route announce itself.
  if (options.announceDirectoryChange) app.decorate('announceDirectoryChange', options.announceDirectoryChange);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const client = (base = '/api') => new HeadwayClient(url, base, () => clock.now());
  const terminals: TestTerminal[] = [];

  return {
    url,
    app,
    store,
    gateway,
    clock,
    demoCompanyId: demo.companyId,
    otherCompanyId: other.companyId,
    fleet: {
      bus1: vehicle(demoFleet, 'Bus 1', 'L1', '860000000000001', '013800000001'),
      bus2: vehicle(demoFleet, 'Bus 2', 'L2', '860000000000002', '013800000002'),
      other: vehicle(otherFleet, 'Other Bus', 'X1', '860000000000009', '013800000009'),
    },
    client,
    async admin(company = 'demo') {
      const c = client();
      const login = await c.login(company === 'demo' ? 'admin' : 'other-admin', PASSWORD);
      if (login.code !== 0) throw new Error(`login failed: ${login.code}`);
      return c;
    },
    fetchRaw(c, path) {
      const full = `${c.base}${path}`;
      const timestamp = String(Math.floor(clock.now() / 1000));
      return fetch(`${url}${full}`, {
        headers: {
          'client-agent': 'headway-test/1',
          token: c.token,
          timestamp,
          signature: sign(c.uuid, 'GET', full, timestamp, undefined),
        },
      });
    },
    async connect(phone) {
      const terminal = await TestTerminal.connect(gateway.ports.jt808, phone);
      terminals.push(terminal);
      const registered = await terminal.register();
      const result = await terminal.authenticate(registered.token ?? '');
      if (result !== 0) throw new Error(`terminal ${phone} not authenticated: ${result}`);
      // Authentication attaches the session before it answers, so commands reach it from here on.
      return terminal;
    },
    async close() {
      for (const t of terminals) t.close();
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
