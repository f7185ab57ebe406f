import type { PlatformModule } from '@headway/server';
import { attachControl, CONTROL_HELP } from './control.ts';
import { startDemoFleet } from './demo.ts';
import { StatsLine } from './display.ts';

/** How often the demo fleet's status line goes to the server log. */
const STATUS_EVERY_MS = 30_000;

/**
 * The demo fleet as a platform module, for `npm start` (see `demo-main.ts`). It runs only when the demo is on
 * (HEADWAY_DEMO, default on) and HEADWAY_SIMULATOR is not 0. A status line in the log every 30 s lets whoever
 * started the platform see the fleet connected and reporting without opening the console.
 */
export function demoFleetModule(env: NodeJS.ProcessEnv = process.env): PlatformModule {
  return {
    name: 'demo-fleet',
    async start({ config, store, logger }) {
      if (!config.demo || env.HEADWAY_SIMULATOR === '0') return undefined;
      const log = (message: string) => logger.info({ module: 'demo-fleet' }, message);
      const demo = await startDemoFleet({
        db: store.db,
        port: config.gatewayPort,
        interval: Number(env.HEADWAY_SIMULATOR_INTERVAL) || 10,
        utcOffsetMinutes: Number(env.HEADWAY_DEVICE_UTC_OFFSET) || 480,
        log,
      });
      const status = new StatsLine(demo.fleet.stats, demo.vehicles);
      const timer = setInterval(() => log(`demo fleet: ${status.line()}`), STATUS_EVERY_MS);
      timer.unref();
      // `npm start` in a terminal: typed commands raise alarms on a chosen bus (`sos 8212`, control.ts).
      const detach = process.stdin.isTTY ? attachControl(demo.fleet, process.stdin, log) : undefined;
      if (detach) log(`demo fleet: type a command to raise an alarm now\n${CONTROL_HELP}`);
      return {
        stop: () => {
          clearInterval(timer);
          detach?.();
          return demo.stop();
        },
      };
    },
  };
}
