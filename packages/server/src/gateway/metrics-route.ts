import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/access.ts';
import { installAuthentication } from '../auth/authenticate.ts';
import { DEFAULT_AUTH_POLICY } from '../auth/policy.ts';
import { API_BASES } from '../kernel/bases.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { systemClock } from '../kernel/time.ts';
import type { Store } from '../store/db.ts';
import type { GatewayMetrics } from './metrics.ts';

/** Gateway counters are platform-wide (every company's terminals): only @Admin / @System sessions see them. */
const PLATFORM_ROLES = new Set(['@Admin', '@System']);

/**
 * GET <base>/admin/gateway/metrics. Registered by the gateway module on the running app, in its own scope
 * with the same signed-request authentication the feature routes use (auth/authenticate.ts).
 */
export async function registerMetricsRoute(app: FastifyInstance, store: Store, metrics: GatewayMetrics): Promise<void> {
  for (const prefix of API_BASES) {
    await app.register(
      async (api) => {
        installAuthentication(api, { db: store.db, clock: systemClock, policy: DEFAULT_AUTH_POLICY });
        api.get('/admin/gateway/metrics', { config: { access: 'session' } }, async (request) => {
          const session = sessionOf(request);
          if (!PLATFORM_ROLES.has(session.roleFlag)) {
            throw new ApiError(ErrorCode.permission, null, `${session.account} is not a platform administrator`);
          }
          return ok(metrics.toJSON());
        });
      },
      { prefix },
    );
  }
}
