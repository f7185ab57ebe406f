import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { installAuthentication } from './auth/authenticate.ts';
import { API_BASES } from './kernel/bases.ts';

/**
 * Mounts a set of routes under every API base, behind the signed-request authentication judged with the app's
 * own store, clock and policy (`app.services`, set by buildApp). The feature routes of app.ts and the routes a
 * platform module adds later (the gateway's metrics) go through here, so no route carries its own auth setup.
 */
export async function mountApiRoutes(app: FastifyInstance, routes: FastifyPluginAsync): Promise<void> {
  const { services } = app;
  for (const prefix of API_BASES) {
    await app.register(
      async (api) => {
        installAuthentication(api, services);
        await api.register(routes);
      },
      { prefix },
    );
  }
}
