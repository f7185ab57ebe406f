import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';

// POST /device/position, the track query (issue 12). Filled in by its feature work.
export function trackRoutes(_services: Services): FastifyPluginAsyncTypebox {
  return async () => {};
}
