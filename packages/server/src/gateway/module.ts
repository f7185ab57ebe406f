import type { PlatformModule } from '../platform.ts';
import { Gateway } from './gateway.ts';
import { registerMetricsRoute } from './metrics-route.ts';
import { type GatewayOptions, gatewayOptionsFromEnv } from './options.ts';

/** The running gateway of this process, for modules started after it (ingest, live, command API). */
export let runningGateway: Gateway | undefined;

/**
 * Starts the JT/T 808 / 1078 / JSATL12 gateway beside the HTTP API (modules.ts). The 808 port is the platform
 * config's `gatewayPort` (HEADWAY_GATEWAY_PORT) unless `options` says otherwise; the rest comes from the
 * HEADWAY_GATEWAY_* variables (options.ts).
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
      await registerMetricsRoute(app, store, gateway.metrics);
      const ports = await gateway.start();
      runningGateway = gateway;
      logger.info({ ports, nodeId: gateway.options.nodeId }, 'device gateway listening');
      return {
        async stop() {
          runningGateway = undefined;
          await gateway.stop();
        },
      };
    },
  };
}
