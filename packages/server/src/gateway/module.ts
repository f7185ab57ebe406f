import type { PlatformModule } from '../platform.ts';
import { Gateway } from './gateway.ts';
import { registerMetricsRoute } from './metrics-route.ts';
import { type GatewayOptions, gatewayOptionsFromEnv } from './options.ts';

/** The running gateway of this process, for modules started after it (ingest, live, command API). */
export let runningGateway: Gateway | undefined;

/** Starts the JT/T 808 / 1078 / JSATL12 gateway beside the HTTP API (modules.ts). */
export function gatewayModule(options: Partial<GatewayOptions> = gatewayOptionsFromEnv()): PlatformModule {
  return {
    name: 'gateway',
    async start({ store, app, logger }) {
      const gateway = new Gateway(store, logger.child({ module: 'gateway' }), options);
      await registerMetricsRoute(app, store, gateway.metrics);
      const ports = await gateway.start();
      runningGateway = gateway;
      logger.info({ ports }, 'device gateway listening');
      return {
        async stop() {
          runningGateway = undefined;
          await gateway.stop();
        },
      };
    },
  };
}
