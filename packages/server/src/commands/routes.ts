import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { regionPushRoutes } from '../regions/push/routes.ts';
import type { Services } from '../services.ts';
import { deviceCommandRoutes } from './device/routes.ts';
import { messageRoutes } from './messages/routes.ts';

// Messages and device commands (docs/commands.md, docs/api.md "Messages and commands"): dispatch texts, snippets
// and the message log (messages/); terminal queries, parameter writes, snapshots, reboot, change route and the
// command log (device/).

export function commandRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(messageRoutes(services));
    await app.register(deviceCommandRoutes(services));
    await app.register(regionPushRoutes(services));
  };
}
