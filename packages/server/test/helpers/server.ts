import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app.ts';
import { hashPassword } from '../../src/auth/password.ts';
import { ensureSharedRoles, seedDemo } from '../../src/demo/seed.ts';
import { ManualClock } from '../../src/kernel/time.ts';
import type { Engine, Store } from '../../src/store/db.ts';
import { HeadwayClient, md5 } from './client.ts';
import { createTestStore } from './database.ts';

export const PASSWORD = 'headway2026';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  store: Store;
  clock: ManualClock;
  demoCompanyId: number;
  /** A client on this server whose signing clock follows the server's manual clock. */
  client(base?: string): HeadwayClient;
  close(): Promise<void>;
}

/** A second tenant with its own administrator, to prove isolation. */
export async function seedCompany(
  store: Store,
  name: string,
  adminAccount: string,
): Promise<{ companyId: number; adminId: number }> {
  const { adminRoleId } = await ensureSharedRoles(store.db);
  const now = Math.floor(Date.now() / 1000);
  const company = await store.db
    .insertInto('companies')
    .values({ name, title: name, logo: '', config: '{}', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { hash, salt } = await hashPassword(md5(PASSWORD));
  const admin = await store.db
    .insertInto('users')
    .values({
      company_id: company.id,
      account: adminAccount,
      account_key: adminAccount.toLowerCase(),
      user_name: `${name} admin`,
      email: '',
      remark: '',
      img_url: '',
      role_id: adminRoleId,
      state: 0,
      password_hash: hash,
      password_salt: salt,
      user_config: '{}',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { companyId: company.id, adminId: admin.id };
}

/** Fresh database + demo seed + the app listening on a random port, spoken to over real HTTP. */
export async function startTestServer(engine: Engine, options: Partial<AppOptions> = {}): Promise<TestServer> {
  const { store, drop } = await createTestStore(engine);
  const clock = new ManualClock();
  const demo = await seedDemo(store.db, { password: PASSWORD, clock });
  const app = await buildApp({ db: store.db, clock, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    app,
    store,
    clock,
    demoCompanyId: demo.companyId,
    client: (base = '/api') => new HeadwayClient(url, base, () => clock.now()),
    async close() {
      await app.close();
      await drop();
    },
  };
}
