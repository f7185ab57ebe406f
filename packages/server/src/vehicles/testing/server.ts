import type { FastifyPluginAsync } from 'fastify';
import { HeadwayClient } from '../../../test/helpers/client.ts';
import { createTestStore } from '../../../test/helpers/database.ts';
import { PASSWORD, type TestServer } from '../../../test/helpers/server.ts';
import { buildApp } from '../../app.ts';
import { installAuthentication } from '../../auth/authenticate.ts';
import { DEFAULT_AUTH_POLICY } from '../../auth/policy.ts';
import type { RealData } from '../../contract/vehicles.ts';
import { seedDemo } from '../../demo/seed.ts';
import { API_BASES } from '../../kernel/bases.ts';
import { ManualClock } from '../../kernel/time.ts';
import type { Engine } from '../../store/db.ts';
import { vehicleRoutes } from '../routes.ts';

/**
 * startTestServer (test/helpers) plus the vehicle routes mounted the way vehiclesModule mounts them, and a
 * stand-in for the live module's latest positions. Skips its own mount when app.ts already registers them.
 */
export async function startVehiclesTestServer(engine: Engine): Promise<TestServer & { live: Map<number, RealData[]> }> {
  const { store, drop } = await createTestStore(engine);
  const clock = new ManualClock();
  const demo = await seedDemo(store.db, { password: PASSWORD, clock });
  const app = await buildApp({ db: store.db, clock });
  const live = new Map<number, RealData[]>();
  const feed = { latestPositions: (companyId: number) => live.get(companyId) ?? [] };
  if (!app.hasRoute({ method: 'GET', url: '/api/basic/cars/tree' })) {
    const scope: FastifyPluginAsync = async (api) => {
      installAuthentication(api, { db: store.db, clock, policy: DEFAULT_AUTH_POLICY });
      await api.register(vehicleRoutes({ db: store.db, clock, feed: () => feed }));
    };
    for (const prefix of API_BASES) await app.register(scope, { prefix });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    app,
    store,
    clock,
    live,
    demoCompanyId: demo.companyId,
    client: (base = '/api') => new HeadwayClient(url, base, () => clock.now()),
    async close() {
      await app.close();
      await drop();
    },
  };
}
