import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../services.ts';
import { snapshotRoutes } from '../snapshots/routes.ts';
import { changeRouteRoutes } from './change-route.ts';
import { dispatchLogRoutes } from './dispatch-log-routes.ts';
import { type DeviceCommandOptions, deviceCommandOptionsFromEnv } from './options.ts';
import { terminalRoutes } from './terminal-routes.ts';

// The command window and the command log (docs/commands.md): terminal queries, parameter writes, reboot and log
// (terminal-routes.ts), change route, snapshots (../snapshots) and the command log with its export. Every command
// is written to the dispatch log (exchange.ts).

export function deviceCommandRoutes(
  services: Services,
  overrides: Partial<DeviceCommandOptions> = {},
): FastifyPluginAsyncTypebox {
  const options: DeviceCommandOptions = { ...deviceCommandOptionsFromEnv(), ...overrides };
  return async (app) => {
    await app.register(terminalRoutes(services, options));
    await app.register(changeRouteRoutes(services));
    await app.register(snapshotRoutes(services, options));
    await app.register(dispatchLogRoutes(services, options));
  };
}
