import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LINE_NAME_MAX, LINE_NAME_MIN } from '@headway/spec';
import { Type } from 'typebox';
import {
  CreateRouteBody,
  RouteDirectionQuery,
  RouteExportQuery,
  type RouteFilter,
  RouteListQuery,
  type RouteTreeNode,
  RouteValidatorQuery,
  UpdateRouteBody,
} from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { paging } from '../../store/paging.ts';
import { transitDb } from '../schema.ts';
import { announceLines, companyOf, duplicate, languageOf, missing, screenAccess, sendExport } from './api-kit.ts';
import { ROUTE_COLUMNS, SHEETS } from './export-columns.ts';
import { assertRouteChecks, directionValues, routeCode, routeValues, trimmedName } from './line-input.ts';
import {
  directionDetails,
  exportedRoutes,
  getRoute,
  listRoutes,
  ownRoutes,
  routeDetail,
  routeDirections,
  routeFieldTaken,
  routeStations,
} from './line-queries.ts';
import { createLine, deleteLine, updateLine } from './line-writes.ts';

// /basic/routes (spec "Basic data: routes (list, add, update, /{id} get/delete, /own, /validator, /tree, /stations,
// /directions/list, /directions/station, exports)"; issue 14, docs/basic-data-lines.md).

const access = (need: Parameters<typeof screenAccess>[1]) => screenAccess('BasicRoute', need);

function filterOf(q: RouteFilter): RouteFilter {
  const out: RouteFilter = {};
  if (q.search !== undefined) out.search = q.search;
  if (q.category !== undefined) out.category = q.category;
  if (q.state !== undefined) out.state = q.state;
  if (q.travel !== undefined) out.travel = q.travel;
  if (q.fleet_id !== undefined) out.fleet_id = q.fleet_id;
  return out;
}

export function routeApi(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  async function freeFields(request: Parameters<typeof companyOf>[0], code: string, name: string, except?: number) {
    const companyId = companyOf(request);
    if (await routeFieldTaken(db, companyId, 'route_code', code, except)) throw duplicate(request, 'route_code', code);
    if (await routeFieldTaken(db, companyId, 'route_name', name, except)) throw duplicate(request, 'route_name', name);
  }

  async function visible(companyId: number, id: number) {
    const route = await getRoute(db, companyId, id);
    if (!route) throw missing();
    return route;
  }

  return async (app) => {
    app.get('/basic/routes', { schema: { querystring: RouteListQuery }, config: access('view') }, async (request) => {
      const { page, limit } = request.query;
      return ok(await listRoutes(db, companyOf(request), filterOf(request.query), paging({ page, limit })));
    });

    app.post('/basic/routes', { schema: { body: CreateRouteBody }, config: access('add') }, async (request) => {
      const companyId = companyOf(request);
      const values = routeValues(request.body);
      const directions = request.body.directions?.map((d, i) => directionValues(d, `directions.${i}`));
      if (directions) assertRouteChecks(values.category, directions, languageOf(request));
      await freeFields(request, values.route_code, values.route_name);
      const id = await createLine(db, companyId, values, directions, epochSeconds(clock));
      announceLines(request, companyId);
      return ok(await routeDetail(db, companyId, id));
    });

    app.put('/basic/routes', { schema: { body: UpdateRouteBody }, config: access('edit') }, async (request) => {
      const companyId = companyOf(request);
      const { id } = request.body;
      await visible(companyId, id);
      const values = routeValues(request.body);
      const directions = request.body.directions?.map((d, i) => directionValues(d, `directions.${i}`));
      if (directions) assertRouteChecks(values.category, directions, languageOf(request));
      await freeFields(request, values.route_code, values.route_name, id);
      await updateLine(db, companyId, id, values, directions, epochSeconds(clock));
      announceLines(request, companyId);
      return ok(await routeDetail(db, companyId, id));
    });

    // GET /basic/routes/own is the monitoring screens' (vehicles/routes.ts): the lines with their geometry.

    // Either field alone, as a form checks the one being typed; ok(true) when free.
    app.get(
      '/basic/routes/validator',
      { schema: { querystring: RouteValidatorQuery }, config: access('view') },
      async (request) => {
        const companyId = companyOf(request);
        const { route_code, route_name, id } = request.query;
        if (route_code !== undefined) {
          const code = routeCode(route_code);
          if (await routeFieldTaken(db, companyId, 'route_code', code, id))
            throw duplicate(request, 'route_code', code);
        }
        if (route_name !== undefined) {
          const name = trimmedName('route_name', route_name, LINE_NAME_MIN, LINE_NAME_MAX);
          if (await routeFieldTaken(db, companyId, 'route_name', name, id))
            throw duplicate(request, 'route_name', name);
        }
        return ok(true);
      },
    );

    app.get('/basic/routes/tree', { config: access('view') }, async (request) => {
      const companyId = companyOf(request);
      const lines = await ownRoutes(db, companyId);
      const directions = await transitDb(db)
        .selectFrom('line_directions')
        .select(['line_id', 'direction', 'station_count'])
        .where('company_id', '=', companyId)
        .orderBy('direction')
        .execute();
      const tree: RouteTreeNode[] = lines.map((l) => ({
        key: `route-${l.route_id}`,
        title: `${l.route_name} (${l.route_code})`,
        route_id: l.route_id,
        route_code: l.route_code,
        children: directions
          .filter((d) => d.line_id === l.route_id)
          .map((d) => ({
            key: `route-${l.route_id}-${d.direction}`,
            title: `${l.route_name} ${d.direction}`,
            route_id: l.route_id,
            route_code: l.route_code,
            direction: Number(d.direction),
            station_count: Number(d.station_count),
          })),
      }));
      return ok(tree);
    });

    app.get(
      '/basic/routes/stations',
      { schema: { querystring: RouteDirectionQuery }, config: access('view') },
      async (request) => {
        const companyId = companyOf(request);
        await visible(companyId, request.query.route_id);
        return ok(await routeStations(db, companyId, request.query.route_id, request.query.direction));
      },
    );

    app.get(
      '/basic/routes/directions/list',
      { schema: { querystring: RouteDirectionQuery }, config: access('view') },
      async (request) => {
        const companyId = companyOf(request);
        await visible(companyId, request.query.route_id);
        return ok(await routeDirections(db, companyId, request.query.route_id, request.query.direction));
      },
    );

    app.get(
      '/basic/routes/directions/station',
      { schema: { querystring: RouteDirectionQuery }, config: access('view') },
      async (request) => {
        const companyId = companyOf(request);
        await visible(companyId, request.query.route_id);
        return ok(await directionDetails(db, companyId, request.query.route_id, request.query.direction));
      },
    );

    app.get(
      '/basic/routes/export',
      { schema: { querystring: RouteExportQuery }, config: access('export') },
      async (request, reply) => {
        const companyId = companyOf(request);
        const filter = filterOf(request.query);
        return sendExport(db, clock, request, reply, {
          prefix: 'routes',
          title: SHEETS.routes,
          columns: ROUTE_COLUMNS,
          rows: (upTo) => exportedRoutes(db, companyId, filter, upTo),
        });
      },
    );

    app.get(
      '/basic/routes/:id',
      { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) }, config: access('view') },
      async (request) => {
        const detail = await routeDetail(db, companyOf(request), request.params.id);
        if (!detail) throw missing();
        return ok(detail);
      },
    );

    app.delete(
      '/basic/routes/:id',
      { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) }, config: access('delete') },
      async (request) => {
        const companyId = companyOf(request);
        await visible(companyId, request.params.id);
        await deleteLine(db, companyId, request.params.id, languageOf(request));
        announceLines(request, companyId);
        return ok(null);
      },
    );
  };
}
