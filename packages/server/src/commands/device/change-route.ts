import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CHANGE_ROUTE_TYPES } from '@headway/spec';
import type { FastifyInstance } from 'fastify';
import { lineScopeOf } from '../../consoles/scope.ts';
import { ChangeRouteBody, type ChangeRouteResult } from '../../contract/commands.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import type { Services } from '../../services.ts';
import { COMMAND_WRITE } from '../access.ts';
import { commandDb } from '../schema.ts';
import { targetsByCarIds } from '../target.ts';
import { commandContext, logDone } from './exchange.ts';

// POST /dispatch/change-route (spec "Change-route form", section 5 "Vehicle operation state"): the vehicle's line
// binding changes on the platform — no terminal message — and type 128 takes it out of service. The ingest is told
// at once so the bus's progress follows the new line without waiting for its periodic directory refresh.

/** Logged as command 0: a platform action, not a message to the terminal. */
export const CHANGE_ROUTE_COMMAND = 0;

/** The ingest's directory refresh, decorated by the ingest module when it runs in this process. */
type DirectoryAnnouncer = { announceDirectoryChange?: (companyId: number) => unknown };

export function changeRouteRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db } = services;
  return async (app) => {
    app.post(
      '/dispatch/change-route',
      { schema: { body: ChangeRouteBody }, config: { access: COMMAND_WRITE } },
      async (request) => {
        const body = request.body;
        const ctx = commandContext(request, services);
        const { companyId, userId } = ctx.caller;
        const [target] = await targetsByCarIds(db, ctx.caller, [body.car_id]);
        if (!target) throw new ApiError(ErrorCode.recordMissing, null, 'vehicle not found');
        const line = await commandDb(db)
          .selectFrom('lines')
          .select(['id', 'route_code'])
          .where('id', '=', body.route_id)
          .where('company_id', '=', companyId)
          .executeTakeFirst();
        // A console user may move a bus only onto a line of their consoles: it would vanish from their view.
        const scope = await lineScopeOf(db, companyId, userId);
        if (!line || (scope !== undefined && !scope.has(line.id))) {
          throw new ApiError(ErrorCode.recordMissing, { field: 'route_id' }, 'line not found');
        }
        const inService = body.type === CHANGE_ROUTE_TYPES.outOfService ? 0 : 1;
        await commandDb(db)
          .updateTable('vehicles')
          .set({ line_id: line.id, in_service: inService })
          .where('id', '=', target.vehicleId)
          .where('company_id', '=', companyId)
          .execute();
        await logDone(ctx, { target, action: 'change-route', request: body }, CHANGE_ROUTE_COMMAND);
        announce(request.server, companyId, request.log);
        return ok<ChangeRouteResult>({
          car_id: target.vehicleId,
          route_id: line.id,
          route_code: line.route_code,
          in_service: inService,
        });
      },
    );
  };
}

function announce(app: FastifyInstance, companyId: number, log: FastifyInstance['log']): void {
  try {
    const pending = (app as unknown as DirectoryAnnouncer).announceDirectoryChange?.(companyId);
    if (pending instanceof Promise) {
      pending.catch((error: unknown) => log.warn({ err: error }, 'directory change announcement failed'));
    }
  } catch (error) {
    // The binding is committed; the ingest's periodic refresh picks it up if the announcement fails.
    log.warn({ err: error }, 'directory change announcement failed');
  }
}
