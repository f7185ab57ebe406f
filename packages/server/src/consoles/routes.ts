import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sessionOf } from '../auth/access.ts';
import {
  ConsoleAssignmentQuery,
  ConsoleListQuery,
  ConsoleRoutesBody,
  ConsoleUsersBody,
  ConsoleValidatorQuery,
  CreateConsoleBody,
  UpdateConsoleBody,
} from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import { paging } from '../store/paging.ts';
import {
  consoleExists,
  consoleNameTaken,
  consoleRow,
  consolesOfUser,
  foreignIds,
  listConsoles,
  nameKey,
  replaceConsoleLines,
  replaceConsoleUsers,
  routeChoices,
  userChoices,
} from './queries.ts';
import { consolesDb } from './schema.ts';

// Dispatch consoles (screen SystemConsole): CRUD, the console's lines and users, and the caller's own consoles.
// The console addressed by an id must be the caller's company's (else 1008, like a missing one); lines and users
// named in a body must be too (else 1004 with the field), as for role_id on /owner/user.

const screen = 'SystemConsole';

export function consoleRoutes(services: Services): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  async function existing(companyId: number, consoleId: number): Promise<void> {
    if (!(await consoleExists(db, companyId, consoleId))) throw new ApiError(ErrorCode.recordMissing);
  }

  async function freeName(companyId: number, name: string, except?: number): Promise<void> {
    if (!name.trim()) throw parameterError('console_name', 'empty');
    if (await consoleNameTaken(db, companyId, name, except)) throw parameterError('console_name', 'name taken');
  }

  /** Deduplicated ids, every one the company's; else 1004 naming the field. */
  async function ownIds(
    companyId: number,
    table: 'lines' | 'users',
    field: string,
    ids: readonly number[] | undefined,
  ): Promise<number[] | undefined> {
    if (ids === undefined) return undefined;
    const unique = [...new Set(ids)];
    if ((await foreignIds(db, companyId, table, unique)).length > 0) throw parameterError(field, 'unknown id');
    return unique;
  }

  return async (app) => {
    // The live module decorates the root app after the API mounts; read it per call (absent in API-only tests).
    const refreshLive = (): void => {
      app.live?.revalidate().catch(() => undefined);
    };

    app.get(
      '/owner/console',
      { schema: { querystring: ConsoleListQuery }, config: { access: { screen, need: 'view' } } },
      async (request) => {
        const { companyId } = sessionOf(request);
        return ok(await listConsoles(db, companyId, { ...paging(request.query), search: request.query.search }));
      },
    );

    app.get(
      '/owner/console/validator',
      { schema: { querystring: ConsoleValidatorQuery }, config: { access: { screen, need: 'view' } } },
      async (request) => {
        const { companyId } = sessionOf(request);
        await freeName(companyId, request.query.console_name, request.query.console_id);
        return ok(true);
      },
    );

    // Any signed-in user: only ever their own consoles (the dispatch screens load them).
    app.get('/owner/console/own', { config: { access: 'session' } }, async (request) => {
      const { companyId, userId } = sessionOf(request);
      return ok(await consolesOfUser(db, companyId, userId));
    });

    app.post(
      '/owner/console',
      { schema: { body: CreateConsoleBody }, config: { access: { screen, need: 'add' } } },
      async (request) => {
        const { companyId } = sessionOf(request);
        const body = request.body;
        await freeName(companyId, body.console_name);
        const lineIds = await ownIds(companyId, 'lines', 'route_ids', body.route_ids);
        const userIds = await ownIds(companyId, 'users', 'user_ids', body.user_ids);
        const created = await db.transaction().execute(async (trx) => {
          const row = await consolesDb(trx)
            .insertInto('consoles')
            .values({
              company_id: companyId,
              console_name: body.console_name.trim(),
              name_key: nameKey(body.console_name),
              remark: body.remark?.trim() ?? '',
              created_at: epochSeconds(clock),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (lineIds) await replaceConsoleLines(trx, companyId, row.id, lineIds);
          if (userIds) await replaceConsoleUsers(trx, companyId, row.id, userIds);
          return row;
        });
        if (userIds?.length) refreshLive();
        return ok(await consoleRow(db, companyId, created.id));
      },
    );

    app.put(
      '/owner/console',
      { schema: { body: UpdateConsoleBody }, config: { access: { screen, need: 'edit' } } },
      async (request) => {
        const { companyId } = sessionOf(request);
        const body = request.body;
        await existing(companyId, body.console_id);
        await freeName(companyId, body.console_name, body.console_id);
        const lineIds = await ownIds(companyId, 'lines', 'route_ids', body.route_ids);
        const userIds = await ownIds(companyId, 'users', 'user_ids', body.user_ids);
        await db.transaction().execute(async (trx) => {
          await consolesDb(trx)
            .updateTable('consoles')
            .set({
              console_name: body.console_name.trim(),
              name_key: nameKey(body.console_name),
              ...(body.remark !== undefined ? { remark: body.remark.trim() } : {}),
            })
            .where('company_id', '=', companyId)
            .where('id', '=', body.console_id)
            .execute();
          if (lineIds) await replaceConsoleLines(trx, companyId, body.console_id, lineIds);
          if (userIds) await replaceConsoleUsers(trx, companyId, body.console_id, userIds);
        });
        if (lineIds || userIds) refreshLive();
        return ok(await consoleRow(db, companyId, body.console_id));
      },
    );

    app.delete(
      '/owner/console/:id',
      {
        schema: { params: Type.Object({ id: Type.Integer() }) },
        config: { access: { screen, need: 'delete' } },
      },
      async (request) => {
        const { companyId } = sessionOf(request);
        const consoleId = request.params.id;
        await existing(companyId, consoleId);
        // Assignments go with the console (ON DELETE CASCADE); its users fall back to the whole company.
        await consolesDb(db)
          .deleteFrom('consoles')
          .where('company_id', '=', companyId)
          .where('id', '=', consoleId)
          .execute();
        refreshLive();
        return ok(null);
      },
    );

    app.get(
      '/owner/console/route',
      { schema: { querystring: ConsoleAssignmentQuery }, config: { access: { screen, need: 'view' } } },
      async (request) => {
        const { companyId } = sessionOf(request);
        const consoleId = request.query.console_id;
        if (consoleId !== undefined) await existing(companyId, consoleId);
        return ok(await routeChoices(db, companyId, consoleId));
      },
    );

    app.post(
      '/owner/console/route',
      { schema: { body: ConsoleRoutesBody }, config: { access: { screen, need: 'edit' } } },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { console_id } = request.body;
        await existing(companyId, console_id);
        const lineIds = (await ownIds(companyId, 'lines', 'route_ids', request.body.route_ids)) ?? [];
        await db.transaction().execute((trx) => replaceConsoleLines(trx, companyId, console_id, lineIds));
        refreshLive();
        return ok(await routeChoices(db, companyId, console_id));
      },
    );

    app.get(
      '/owner/console/user',
      { schema: { querystring: ConsoleAssignmentQuery }, config: { access: { screen, need: 'view' } } },
      async (request) => {
        const { companyId } = sessionOf(request);
        const consoleId = request.query.console_id;
        if (consoleId !== undefined) await existing(companyId, consoleId);
        return ok(await userChoices(db, companyId, consoleId));
      },
    );

    app.post(
      '/owner/console/user',
      { schema: { body: ConsoleUsersBody }, config: { access: { screen, need: 'edit' } } },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { console_id } = request.body;
        await existing(companyId, console_id);
        const userIds = (await ownIds(companyId, 'users', 'user_ids', request.body.user_ids)) ?? [];
        await db.transaction().execute((trx) => replaceConsoleUsers(trx, companyId, console_id, userIds));
        refreshLive();
        return ok(await userChoices(db, companyId, console_id));
      },
    );
  };
}
