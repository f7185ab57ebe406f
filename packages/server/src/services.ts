import type { Kysely } from 'kysely';
import type { AuthPolicy } from './auth/policy.ts';
import type { LoginLimiter } from './auth/rate-limit.ts';
import type { WechatProvider, WechatTickets } from './auth/wechat.ts';
import type { Clock } from './kernel/time.ts';
import type { Database } from './store/schema.ts';

/** What feature routes depend on, built once per app by buildApp and passed down explicitly. */
export interface Services {
  db: Kysely<Database>;
  clock: Clock;
  policy: AuthPolicy;
  loginLimiter: LoginLimiter;
  wechat: { provider: WechatProvider | null; tickets: WechatTickets };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services (buildApp): modules mounting routes later judge requests with the same clock and policy. */
    services: Services;
  }
}
