import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';
import { liveRoutes } from './live-routes.ts';
import { type VideoOptions, videoOptionsFromEnv } from './options.ts';
import { recordRoutes } from './record-routes.ts';
import { talkRoutes } from './talk-routes.ts';

// The video calls of the signed API (docs/api.md "Video"); the viewer endpoints they hand out are viewer-routes.ts.

export function videoRoutes(services: Services, overrides: Partial<VideoOptions> = {}): FastifyPluginAsyncTypebox {
  const options: VideoOptions = { ...videoOptionsFromEnv(), ...overrides };
  return async (app) => {
    await app.register(liveRoutes(services, options));
    await app.register(recordRoutes(services, options));
    await app.register(talkRoutes(services, options));
  };
}
