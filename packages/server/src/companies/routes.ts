import type { FastifyPluginAsync } from 'fastify';
import type { CompanyDisplay } from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import type { Services } from '../services.ts';
import { defaultCompany } from './queries.ts';

export function companyRoutes(services: Services, defaultCompanyId?: number): FastifyPluginAsync {
  return async (app) => {
    app.get('/company/display', { config: { access: 'public' } }, async () => {
      const company = await defaultCompany(services.db, defaultCompanyId);
      const display: CompanyDisplay = {
        companyTitle: company?.title ?? 'Headway',
        companyName: company?.name ?? 'Headway',
        companyLogo: company?.logo ?? '',
      };
      return ok(display);
    });
  };
}
