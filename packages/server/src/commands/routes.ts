import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';

// Messages and device commands (docs/commands.md, docs/api.md "Messages and commands"). Filled in by issue 13.

export function commandRoutes(_services: Services): FastifyPluginAsyncTypebox {
  return async () => {};
}
