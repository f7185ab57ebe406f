import type { FastifyPluginAsync } from 'fastify';
import { maskOn, sessionOf } from '../auth/access.ts';
import { ok } from '../kernel/envelope.ts';
import { buildMenuTree } from './build-tree.ts';

export const menuRoutes: FastifyPluginAsync = async (app) => {
  app.get('/vue/routes', { config: { access: 'session' } }, async (request) => {
    const session = sessionOf(request);
    return ok(buildMenuTree((screen) => maskOn(session, screen)));
  });
};
