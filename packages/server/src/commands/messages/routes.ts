import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../services.ts';
import { messageLogRoutes } from './log-routes.ts';
import { sendMessageRoute } from './send-route.ts';
import { snippetRoutes } from './snippet-routes.ts';

// Dispatch messages (docs/commands.md "Dispatch messages"): sending texts to vehicles, the message log the chat
// polls for replies, and the company's snippets. Driver replies arrive through the gateway (driver-reply.ts).

export function messageRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(sendMessageRoute(services));
    await app.register(messageLogRoutes(services));
    await app.register(snippetRoutes(services));
  };
}
