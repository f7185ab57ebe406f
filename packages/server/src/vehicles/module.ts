import type { FastifyPluginAsync } from 'fastify';
import { installAuthentication } from '../auth/authenticate.ts';
import { DEFAULT_AUTH_POLICY } from '../auth/policy.ts';
import { API_BASES } from '../kernel/bases.ts';
import { systemClock } from '../kernel/time.ts';
import type { PlatformModule } from '../platform.ts';
import { vehicleRoutes } from './routes.ts';

/**
 * The monitoring map's API as a platform module, for processes whose app.ts does not register
 * vehicleRoutes itself. Start it after the live module so app.live is there. Its own scope carries the
 * same signed-request authentication as the API (auth/authenticate.ts).
 */
export const vehiclesModule: PlatformModule = {
  name: 'vehicles',
  async start({ app, store }) {
    const scope: FastifyPluginAsync = async (api) => {
      installAuthentication(api, { db: store.db, clock: systemClock, policy: DEFAULT_AUTH_POLICY });
      await api.register(vehicleRoutes({ db: store.db, clock: systemClock, feed: () => app.live }));
    };
    for (const prefix of API_BASES) await app.register(scope, { prefix });
    return undefined;
  },
};
