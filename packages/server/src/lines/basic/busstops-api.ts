import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fillLabel, labelIn, STOP_BOUND, STOP_NAME_MAX } from '@headway/spec';
import { Type } from 'typebox';
import {
  BusStopExportQuery,
  type BusStopFilter,
  BusStopListQuery,
  BusStopValidatorQuery,
  CreateBusStopBody,
  UpdateBusStopBody,
} from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import type { Services } from '../../services.ts';
import { paging } from '../../store/paging.ts';
import { transitDb } from '../schema.ts';
import { announceLines, companyOf, duplicate, languageOf, missing, screenAccess, sendExport } from './api-kit.ts';
import { SHEETS, STOP_COLUMNS } from './export-columns.ts';
import { routeCode, trimmedName } from './line-input.ts';
import { freeStopId, nextStopCode } from './stop-codes.ts';
import { busStopValues } from './stop-input.ts';
import {
  allStops,
  deleteStop,
  exportedStops,
  getStop,
  insertStop,
  listStops,
  searchStops,
  stopFieldTaken,
  stopRoutes,
  stopUseCount,
  updateStop,
} from './stop-queries.ts';

// /basic/busstops (spec: list, /routes, /union, POST, PUT, DELETE /{id}, get-max-stop, validator, search/{key},
// export). A stop's code is unique in the company (1106); a stop that is a station of a line cannot be deleted.

const access = (need: Parameters<typeof screenAccess>[1]) => screenAccess('BasicBusStop', need);

/** Stops the union map draws at once; more answers 1009 (a company that large filters the list instead). */
export const STOP_UNION_MAX = 20_000;
/** Matches search/{key} answers. */
export const STOP_SEARCH_LIMIT = 20;

function filterOf(q: BusStopFilter): BusStopFilter {
  const out: BusStopFilter = {};
  if (q.search !== undefined) out.search = q.search;
  if (q.state !== undefined) out.state = q.state;
  if (q.route_code !== undefined) out.route_code = q.route_code;
  return out;
}

export function busStopApi(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  const values = (companyId: number, body: CreateBusStopBody) => busStopValues(db, companyId, body);

  return async (app) => {
    app.get(
      '/basic/busstops',
      { schema: { querystring: BusStopListQuery }, config: access('view') },
      async (request) => {
        const { page, limit } = request.query;
        return ok(await listStops(db, companyOf(request), filterOf(request.query), paging({ page, limit })));
      },
    );

    app.get(
      '/basic/busstops/routes',
      {
        schema: { querystring: Type.Object({ stop_id: Type.String({ minLength: 1, maxLength: 64 }) }) },
        config: access('view'),
      },
      async (request) => ok(await stopRoutes(db, companyOf(request), request.query.stop_id)),
    );

    // The union of the company's stops for the marker map: every stop once, whatever lines share it.
    app.get('/basic/busstops/union', { config: access('view') }, async (request) => {
      const stops = await allStops(db, companyOf(request), STOP_UNION_MAX);
      if (!stops) throw new ApiError(ErrorCode.tooMuchData, { max: STOP_UNION_MAX });
      return ok(stops);
    });

    app.get('/basic/busstops/get-max-stop', { config: access('view') }, async (request) =>
      ok({ stop_code: await nextStopCode(transitDb(db), companyOf(request)) }),
    );

    app.get(
      '/basic/busstops/validator',
      { schema: { querystring: BusStopValidatorQuery }, config: access('view') },
      async (request) => {
        const companyId = companyOf(request);
        const { stop_code, stop_name, id } = request.query;
        if (stop_code !== undefined) {
          const code = routeCode(stop_code, 'stop_code');
          if (await stopFieldTaken(db, companyId, 'stop_code', code, id)) throw duplicate(request, 'stop_code', code);
        }
        // Names may repeat (both sides of a street); the validator only checks the name's form.
        if (stop_name !== undefined) trimmedName('stop_name', stop_name, 1, STOP_NAME_MAX);
        return ok(true);
      },
    );

    app.get(
      '/basic/busstops/search/:key',
      {
        schema: { params: Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) }) },
        config: access('view'),
      },
      async (request) => ok(await searchStops(db, companyOf(request), request.params.key, STOP_SEARCH_LIMIT)),
    );

    app.get(
      '/basic/busstops/export',
      { schema: { querystring: BusStopExportQuery }, config: access('export') },
      async (request, reply) => {
        const companyId = companyOf(request);
        const filter = filterOf(request.query);
        return sendExport(db, clock, request, reply, {
          prefix: 'bus-stops',
          title: SHEETS.stops,
          columns: STOP_COLUMNS,
          rows: (upTo) => exportedStops(db, companyId, filter, upTo),
        });
      },
    );

    app.post('/basic/busstops', { schema: { body: CreateBusStopBody }, config: access('add') }, async (request) => {
      const companyId = companyOf(request);
      const stop = await values(companyId, request.body);
      if (await stopFieldTaken(db, companyId, 'stop_code', stop.stop_code))
        throw duplicate(request, 'stop_code', stop.stop_code);
      const stopId = await freeStopId(transitDb(db), companyId, stop.stop_code);
      const id = await insertStop(db, companyId, stopId, stop);
      return ok(await getStop(db, companyId, id));
    });

    app.put('/basic/busstops', { schema: { body: UpdateBusStopBody }, config: access('edit') }, async (request) => {
      const companyId = companyOf(request);
      const current = await getStop(db, companyId, request.body.id);
      if (!current) throw missing();
      const stop = await values(companyId, request.body);
      if (await stopFieldTaken(db, companyId, 'stop_code', stop.stop_code, current.id)) {
        throw duplicate(request, 'stop_code', stop.stop_code);
      }
      await updateStop(db, companyId, current.id, current.stop_id, stop);
      // Its stations' names changed with it: the ingest's next-station names follow.
      if (stop.stop_name !== current.stop_name) announceLines(request, companyId);
      return ok(await getStop(db, companyId, current.id));
    });

    app.delete(
      '/basic/busstops/:id',
      { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) }, config: access('delete') },
      async (request) => {
        const companyId = companyOf(request);
        const stop = await getStop(db, companyId, request.params.id);
        if (!stop) throw missing();
        const lines = await stopUseCount(db, companyId, stop.stop_id);
        if (lines > 0) {
          throw new ApiError(ErrorCode.parameter, {
            field: 'id',
            reason: 'bound',
            lines,
            message: fillLabel(labelIn(STOP_BOUND, languageOf(request)), lines),
          });
        }
        await deleteStop(db, companyId, stop.id);
        return ok(null);
      },
    );
  };
}
