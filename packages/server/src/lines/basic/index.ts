import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../services.ts';
import { busStopImportRoutes } from './busstop-import-routes.ts';
import { busStopApi } from './busstops-api.ts';
import { directionApi } from './directions-api.ts';
import { routeApi } from './routes-api.ts';
import { stationApi } from './stations-api.ts';

// Basic data for lines (issue 14, docs/basic-data-lines.md): lines, their directions and stations, bus stops.

export function basicLineRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(routeApi(services));
    await app.register(directionApi(services));
    await app.register(stationApi(services));
    await app.register(busStopApi(services));
    await app.register(busStopImportRoutes(services));
  };
}
