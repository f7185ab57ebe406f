import { HeadwayClient } from '../../../../test/helpers/client.ts';
import { createTestStore } from '../../../../test/helpers/database.ts';
import { PASSWORD } from '../../../../test/helpers/server.ts';
import { buildApp } from '../../../app.ts';
import { sign } from '../../../auth/signature.ts';
import { seedDemo } from '../../../demo/seed.ts';
import type { Gateway } from '../../../gateway/gateway.ts';
import { startTestGateway } from '../../../gateway/testing/fixture.ts';
import { ManualClock } from '../../../kernel/time.ts';
import type { Engine, Store } from '../../../store/db.ts';
import type { EvidenceOptions } from '../options.ts';
import type { EvidenceRequester } from '../request.ts';
import type { LocalEvidenceStore } from '../store.ts';
import { attachEvidence } from './uploader.ts';

/** The API and a gateway on one store, wired as the gateway module does: intake, requester, `app.evidenceRequester`. */
export interface EvidenceServer {
  url: string;
  store: Store;
  gateway: Gateway;
  evidence: LocalEvidenceStore;
  requester: EvidenceRequester;
  clock: ManualClock;
  demoCompanyId: number;
  client(): HeadwayClient;
  /** A signed GET whose answer is not the JSON envelope (file bytes, a zip). */
  fetchRaw(client: HeadwayClient, path: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export async function startEvidenceServer(
  engine: Engine,
  options: Partial<EvidenceOptions> = {},
): Promise<EvidenceServer> {
  const { store, drop } = await createTestStore(engine);
  const clock = new ManualClock();
  const demo = await seedDemo(store.db, { password: PASSWORD, clock });
  const gateway = await startTestGateway(store);
  const attached = attachEvidence(gateway, options);
  const app = await buildApp({ db: store.db, clock, evidence: attached.store });
  const { requester } = attached;
  app.decorate('evidenceRequester', requester);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    store,
    gateway,
    evidence: attached.store,
    requester,
    clock,
    demoCompanyId: demo.companyId,
    client: () => new HeadwayClient(url, '/api', () => clock.now()),
    fetchRaw(client, path, headers = {}) {
      const full = `${client.base}${path}`;
      const timestamp = String(Math.floor(clock.now() / 1000));
      return fetch(`${url}${full}`, {
        headers: {
          'client-agent': 'headway-test/1',
          token: client.token,
          timestamp,
          signature: sign(client.uuid, 'GET', full, timestamp, undefined),
          ...headers,
        },
      });
    },
    async close() {
      await app.close();
      await gateway.stop();
      await drop();
      attached.remove();
    },
  };
}
