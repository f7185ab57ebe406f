import { mountApiRoutes } from '../api-routes.ts';
import type { PlatformModule } from '../platform.ts';
import { Gateway } from './gateway.ts';
import { metricsRoutes } from './metrics-route.ts';
import { type GatewayOptions, gatewayOptionsFromEnv } from './options.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The gateway of this process (gateway role), for the modules started after it: ingest, later commands. */
    gateway?: Gateway;
  }
}

/**
 * Starts the JT/T 808 / 1078 / JSATL12 gateway beside the HTTP API (modules.ts) and decorates the app with it
 * (`app.gateway`). The 808 port is the platform config's `gatewayPort` (HEADWAY_GATEWAY_PORT) unless `options` says
 * otherwise; the rest comes from the HEADWAY_GATEWAY_* variables (options.ts).
 */
export function gatewayModule(options: Partial<GatewayOptions> = {}): PlatformModule {
  return {
    name: 'gateway',
    async start({ config, store, app, logger }) {
      if (!config.roles.has('gateway')) return undefined;
      const gateway = new Gateway(store, logger.child({ module: 'gateway' }), {
        ...gatewayOptionsFromEnv(),
        port: config.gatewayPort,
        nodeId: config.nodeId,
        multiNode: config.natsUrl !== undefined,
        ...options,
      });
      await mountApiRoutes(app, metricsRoutes(gateway.metrics));
      const ports = await gateway.start();
      app.decorate('gateway', gateway);
      logger.info({ ports, nodeId: gateway.options.nodeId }, 'device gateway listening');
      return { stop: () => gateway.stop() };
    },
  };
}
