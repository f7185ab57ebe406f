import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../auth/access.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { GatewayMetrics } from './metrics.ts';

/** Gateway counters are platform-wide (every company's terminals): only @Admin / @System sessions see them. */
const PLATFORM_ROLES = new Set(['@Admin', '@System']);

/**
 * GET <base>/admin/gateway/metrics. The gateway module mounts it on the running app with mountApiRoutes
 * (api-routes.ts), behind the same signed-request authentication, clock and policy as the feature routes.
 */
export function metricsRoutes(metrics: GatewayMetrics): FastifyPluginAsync {
  return async (api) => {
    api.get('/admin/gateway/metrics', { config: { access: 'session' } }, async (request) => {
      const session = sessionOf(request);
      if (!PLATFORM_ROLES.has(session.roleFlag)) {
        throw new ApiError(ErrorCode.permission, null, `${session.account} is not a platform administrator`);
      }
      return ok(metrics.toJSON());
    });
  };
}
