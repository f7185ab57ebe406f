import type { Permission } from '@headway/spec';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { type RouteAccess, sessionOf } from '../auth/access.ts';
import { IdParams, type ListExportOptions, type ListResult } from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { type Clock, epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import { paging } from '../store/paging.ts';
import { type ListExport, sendListExport } from './list-export.ts';

// The routes every basic-data screen has (docs/basic-data.md "How a screen plugs in"), registered from one
// description: list (page, limit, filters → {total, rows}), validator, GET /{id}, POST, PUT, DELETE /{id} with the
// "still in use" refusal, and the export in xlsx, PDF and Word. Each route checks the screen's permission bit and
// works in the caller's company; a row of another company is missing (1008) like one that never was. A screen
// registers its special routes (a tree, a picker, an import) beside these, in its own plugin.

/** What a screen's handlers get: the request, the caller's company and the request's time (epoch seconds). */
export interface ScreenContext {
  request: FastifyRequest;
  companyId: number;
  now: number;
}

type Need = Extract<Permission, 'view' | 'add' | 'edit' | 'delete' | 'export'>;

export interface ScreenAccess {
  /** The screen (menu catalogue name) whose add, edit and delete bits the writes need. */
  screen: string;
  /** Screens whose view bit reads (the screen itself unless said): pickers of other screens read too. */
  readers?: string | readonly string[];
  /** Screens whose export bit exports (the screen itself unless said). */
  exporters?: string | readonly string[];
}

type PageFields = 'page' | 'limit';
type ExportFields = keyof ListExportOptions;

export interface ScreenRoutes<
  Row,
  ListQuery extends TSchema,
  ValidatorQuery extends TSchema,
  CreateBody extends TSchema,
  UpdateBody extends TSchema,
  ExportQuery extends TSchema,
> {
  /** The collection's path, e.g. `/basic/fleets`: list and export below it, `/{id}` for one row. */
  path: string;
  access: ScreenAccess;
  /** One row of the company as the API answers it, undefined when missing (1008). */
  get: (context: ScreenContext, id: number) => Promise<Row | undefined>;
  /** GET {path}/{id}. */
  byId?: boolean;
  list?: {
    query: ListQuery;
    rows: (
      context: ScreenContext,
      filter: Omit<Static<ListQuery>, PageFields>,
      page: { page: number; limit: number },
    ) => Promise<ListResult<Row>>;
  };
  /** GET {path}/validator: ok(true) when free; `check` throws 1106 (or 1004) otherwise. */
  validator?: {
    query: ValidatorQuery;
    check: (context: ScreenContext, query: Static<ValidatorQuery>) => Promise<void>;
  };
  /** POST {path}: checks the body (1004 naming the field, 1106 for a value taken) and inserts; answers the row. */
  create?: { body: CreateBody; insert: (context: ScreenContext, body: Static<CreateBody>) => Promise<number> };
  /** PUT {path}: the row named by `id(body)`, checked and saved; answers the row. */
  update?: {
    body: UpdateBody;
    id: (body: Static<UpdateBody>) => number;
    save: (context: ScreenContext, id: number, body: Static<UpdateBody>, current: Row) => Promise<void>;
  };
  /** DELETE {path}/{id}: refused with `inUse`'s error while something still uses the row. */
  remove?: {
    inUse?: (context: ScreenContext, row: Row) => Promise<ApiError | undefined>;
    delete: (context: ScreenContext, id: number) => Promise<void>;
  };
  /** GET {path}/export: the list's filter as xlsx, PDF or Word (list-export.ts). */
  export?: {
    query: ExportQuery;
    /** `filter`: the export's query without the export options (format, scope, page, limit, time_zone). */
    table: (context: ScreenContext, filter: Omit<Static<ExportQuery>, ExportFields>) => Promise<ListExport<Row>>;
  };
  /** After a write is committed (e.g. tell the ingest its directory changed). */
  changed?: (context: ScreenContext, write: 'create' | 'update' | 'delete') => void;
}

function routeConfig(access: ScreenAccess, need: Need): { access: RouteAccess } {
  const screens = need === 'view' ? access.readers : need === 'export' ? access.exporters : undefined;
  return { access: { screen: screens ?? access.screen, need } };
}

export function basicScreenRoutes<
  Row,
  ListQuery extends TSchema,
  ValidatorQuery extends TSchema,
  CreateBody extends TSchema,
  UpdateBody extends TSchema,
  ExportQuery extends TSchema,
>(
  services: Pick<Services, 'db'> & { clock: Clock },
  screen: ScreenRoutes<Row, ListQuery, ValidatorQuery, CreateBody, UpdateBody, ExportQuery>,
): FastifyPluginAsync {
  const { db, clock } = services;
  const { path, access } = screen;
  const contextOf = (request: FastifyRequest): ScreenContext => ({
    request,
    companyId: sessionOf(request).companyId,
    now: epochSeconds(clock),
  });
  const visible = async (context: ScreenContext, id: number): Promise<Row> => {
    const row = await screen.get(context, id);
    if (row === undefined) throw new ApiError(ErrorCode.recordMissing);
    return row;
  };

  return async (app) => {
    const { list, validator, create, update, remove } = screen;
    if (list) {
      app.get(path, { schema: { querystring: list.query }, config: routeConfig(access, 'view') }, async (request) => {
        const { page, limit, ...filter } = request.query as Static<ListQuery> & { page?: number; limit?: number };
        return ok(await list.rows(contextOf(request), filter, paging({ page, limit })));
      });
    }

    if (validator) {
      app.get(
        `${path}/validator`,
        { schema: { querystring: validator.query }, config: routeConfig(access, 'view') },
        async (request) => {
          await validator.check(contextOf(request), request.query as Static<ValidatorQuery>);
          return ok(true);
        },
      );
    }

    const exporting = screen.export;
    if (exporting) {
      app.get(
        `${path}/export`,
        { schema: { querystring: exporting.query }, config: routeConfig(access, 'export') },
        async (request, reply) => {
          const context = contextOf(request);
          const { format, scope, page, limit, time_zone, ...filter } = request.query as Static<ExportQuery> &
            ListExportOptions;
          const query: ListExportOptions = { format, scope, page, limit, time_zone };
          const table = await exporting.table(context, filter);
          return sendListExport(request, reply, { db, companyId: context.companyId, now: context.now, query }, table);
        },
      );
    }

    if (screen.byId) {
      app.get(`${path}/:id`, { schema: { params: IdParams }, config: routeConfig(access, 'view') }, async (request) =>
        ok(await visible(contextOf(request), (request.params as { id: number }).id)),
      );
    }

    if (create) {
      app.post(path, { schema: { body: create.body }, config: routeConfig(access, 'add') }, async (request) => {
        const context = contextOf(request);
        const id = await create.insert(context, request.body as Static<CreateBody>);
        screen.changed?.(context, 'create');
        return ok(await visible(context, id));
      });
    }

    if (update) {
      app.put(path, { schema: { body: update.body }, config: routeConfig(access, 'edit') }, async (request) => {
        const context = contextOf(request);
        const body = request.body as Static<UpdateBody>;
        const id = update.id(body);
        await update.save(context, id, body, await visible(context, id));
        screen.changed?.(context, 'update');
        return ok(await visible(context, id));
      });
    }

    if (remove) {
      app.delete(
        `${path}/:id`,
        { schema: { params: IdParams }, config: routeConfig(access, 'delete') },
        async (request) => {
          const context = contextOf(request);
          const { id } = request.params as { id: number };
          // Looked up before anything else, with or without an in-use check: another company's row is 1008.
          const row = await visible(context, id);
          const refusal = await remove.inUse?.(context, row);
          if (refusal) throw refusal;
          await remove.delete(context, id);
          screen.changed?.(context, 'delete');
          return ok(null);
        },
      );
    }
  };
}
