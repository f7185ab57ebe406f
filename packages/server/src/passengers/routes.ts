import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';

// POST /device/passenger/time and /station (issue 12). Filled in by its feature work.
export function passengerRoutes(_services: Services): FastifyPluginAsyncTypebox {
  return async () => {};
}
