import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../services.ts';

// Placeholder: filled in by issue 13.
export function deviceCommandRoutes(_services: Services): FastifyPluginAsyncTypebox {
  return async () => {};
}
