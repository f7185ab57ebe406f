import type { PlatformModule } from '../platform.ts';
import { videoOptionsFromEnv } from './options.ts';
import { registerViewerRoutes } from './viewer-routes.ts';

/**
 * The viewer endpoints (/media/*) on a node with the gateway role, where the terminals' media arrive: started after
 * the gateway and the live channel (which brings @fastify/websocket), before the app listens. The signed video
 * calls are in app.ts with the rest of the API.
 */
export function videoModule(): PlatformModule {
  return {
    name: 'video',
    async start({ config, app, store }) {
      if (!config.roles.has('gateway')) return undefined;
      await registerViewerRoutes(app, {
        db: store.db,
        clock: app.services.clock,
        policy: app.services.policy,
        secret: videoOptionsFromEnv().secret,
        nodeId: config.nodeId,
        media: () => app.gateway?.media,
      });
      return undefined;
    },
  };
}
