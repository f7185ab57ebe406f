import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services.ts';
import { companyAdminRoutes } from './companies/routes.ts';
import { displayInfoRoutes } from './display-info/routes.ts';
import { employeeImportRoutes } from './employees/import-routes.ts';
import { employeeRoutes } from './employees/routes.ts';
import { fleetRoutes } from './fleets/routes.ts';
import { icCardRoutes } from './ic-cards/routes.ts';
import { organisationRoutes } from './organisations/routes.ts';

/** The organisation's basic data (issue 14, docs/basic-data-org.md): one plugin for app.ts's route list. */
export function organisationDataRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsync {
  return async (api) => {
    await api.register(organisationRoutes(services));
    await api.register(companyAdminRoutes(services));
    await api.register(fleetRoutes(services));
    await api.register(employeeRoutes(services));
    await api.register(employeeImportRoutes(services));
    await api.register(icCardRoutes(services));
    await api.register(displayInfoRoutes(services));
  };
}
