import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DirectionBody, RouteDirectionQuery } from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { transitDb } from '../schema.ts';
import { announceLines, companyOf, duplicate, languageOf, missing, screenAccess } from './api-kit.ts';
import { assertDirectionChecks, directionValues } from './line-input.ts';
import { directionDetails, getRoute, routeDirections } from './line-queries.ts';
import { deleteDirection, saveDirection } from './line-writes.ts';

// /basic/route/directions: one direction of a line at a time (the line editor saves a direction it redrew).
// POST adds a direction the line does not have yet (1106 when it has), PUT replaces one it has; both run the
// route check on that direction (failures 1, 3–7) and answer the direction with its stations.

const access = (need: Parameters<typeof screenAccess>[1]) => screenAccess('BasicRoute', need);

export function directionApi(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  async function line(companyId: number, id: number) {
    const route = await getRoute(db, companyId, id);
    if (!route) throw missing();
    return route;
  }

  async function exists(companyId: number, lineId: number, direction: number) {
    return (await routeDirections(db, companyId, lineId, direction)).length > 0;
  }

  return async (app) => {
    app.get(
      '/basic/route/directions',
      { schema: { querystring: RouteDirectionQuery }, config: access('view') },
      async (request) => {
        const companyId = companyOf(request);
        await line(companyId, request.query.route_id);
        return ok(await routeDirections(db, companyId, request.query.route_id, request.query.direction));
      },
    );

    for (const method of ['post', 'put'] as const) {
      app[method](
        '/basic/route/directions',
        { schema: { body: DirectionBody }, config: access(method === 'post' ? 'add' : 'edit') },
        async (request) => {
          const companyId = companyOf(request);
          const { route_id } = request.body;
          await line(companyId, route_id);
          const values = directionValues(request.body);
          const present = await exists(companyId, route_id, values.direction);
          if (method === 'post' && present) throw duplicate(request, 'direction', String(values.direction));
          if (method === 'put' && !present) throw missing();
          assertDirectionChecks(values, languageOf(request));
          await saveDirection(db, companyId, route_id, values, epochSeconds(clock));
          announceLines(request, companyId);
          return ok((await directionDetails(db, companyId, route_id, values.direction))[0]);
        },
      );
    }

    app.delete(
      '/basic/route/directions/:id',
      { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) }, config: access('delete') },
      async (request) => {
        const companyId = companyOf(request);
        const row = await transitDb(db)
          .selectFrom('line_directions')
          .select(['line_id', 'direction'])
          .where('company_id', '=', companyId)
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!row) throw new ApiError(ErrorCode.recordMissing);
        await deleteDirection(db, companyId, row.line_id, row.direction);
        announceLines(request, companyId);
        return ok(null);
      },
    );
  };
}
