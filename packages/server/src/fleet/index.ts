import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';
import { deviceImportRoutes } from './device-import-routes.ts';
import { deviceRoutes } from './device-routes.ts';
import { deviceTypeRoutes } from './device-type-routes.ts';
import { expiryRoutes } from './expiry-routes.ts';
import { renewalRoutes } from './renewal-routes.ts';
import { simRoutes } from './sim-routes.ts';
import { vehicleImportRoutes } from './vehicle-import-routes.ts';
import { vehicleBasicRoutes } from './vehicle-routes.ts';

/** Basic data of the fleet (issue 14, docs/basic-data.md): vehicles, devices, SIMs, device types, reviews. */
export function fleetRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(vehicleBasicRoutes(services));
    await app.register(expiryRoutes(services));
    await app.register(renewalRoutes(services));
    await app.register(deviceRoutes(services));
    await app.register(simRoutes(services));
    await app.register(deviceTypeRoutes(services));
    await app.register(vehicleImportRoutes(services));
    await app.register(deviceImportRoutes(services));
  };
}
