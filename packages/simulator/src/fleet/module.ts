import type { PlatformModule } from '@headway/server';
import { startDemoFleet } from './demo.ts';

/**
 * The demo fleet as a platform module, for `npm start`: after the gateway module, add `demoFleetModule()` to
 * PLATFORM_MODULES. It runs only when the demo is on (HEADWAY_DEMO, default on) and HEADWAY_SIMULATOR is not 0.
 */
export function demoFleetModule(env: NodeJS.ProcessEnv = process.env): PlatformModule {
  return {
    name: 'demo-fleet',
    async start({ config, store, logger }) {
      if (!config.demo || env.HEADWAY_SIMULATOR === '0') return undefined;
      const fleet = await startDemoFleet({
        db: store.db,
        port: config.gatewayPort,
        interval: Number(env.HEADWAY_SIMULATOR_INTERVAL) || 10,
        utcOffsetMinutes: Number(env.HEADWAY_DEVICE_UTC_OFFSET) || 480,
        log: (message) => logger.info({ module: 'demo-fleet' }, message),
      });
      return { stop: () => fleet.stop() };
    },
  };
}
