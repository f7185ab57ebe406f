import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';

// /dispatch/traffic, /dispatch/timetable, /dispatch/headways (issue 12). Filled in by its feature work.
export function lineMapRoutes(_services: Services): FastifyPluginAsyncTypebox {
  return async () => {};
}
