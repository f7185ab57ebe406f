import { HeadwayClient } from '../../../test/helpers/client.ts';
import { createTestStore } from '../../../test/helpers/database.ts';
import { PASSWORD, type TestServer } from '../../../test/helpers/server.ts';
import { buildApp } from '../../app.ts';
import type { RealData } from '../../contract/vehicles.ts';
import { seedDemo } from '../../demo/seed.ts';
import { ManualClock } from '../../kernel/time.ts';
import type { Engine } from '../../store/db.ts';

/** startTestServer (test/helpers) with a stand-in for the live module's latest positions. */
export async function startVehiclesTestServer(engine: Engine): Promise<TestServer & { live: Map<number, RealData[]> }> {
  const { store, drop } = await createTestStore(engine);
  const clock = new ManualClock();
  const demo = await seedDemo(store.db, { password: PASSWORD, clock });
  const live = new Map<number, RealData[]>();
  const feed = { latestPositions: (companyId: number) => live.get(companyId) ?? [] };
  const app = await buildApp({ db: store.db, clock, liveFeed: () => feed });
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
