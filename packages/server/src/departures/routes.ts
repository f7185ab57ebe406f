import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { type Static, Type } from 'typebox';
import { sessionOf } from '../auth/access.ts';
import { lineScopeOf } from '../consoles/scope.ts';
import { PAGE_SIZES } from '../contract/lists.ts';
import { EpochSeconds } from '../contract/time.ts';
import { ok } from '../kernel/envelope.ts';
import type { Database } from '../store/schema.ts';
import { searchDepartArrive } from './queries.ts';

// Report "depart/arrive" (spec section 7): station departure and arrival events the ingest detected, also what the
// emulated replay window plays (issue 12). No report screen exists in the menu catalogue yet, so access is the view
// bit of the screens that open the replay: the monitoring map or the line map.

const ACCESS = { screen: ['MonitoringMap', 'MonitoringLineMap'], need: 'view' } as const;

const PageFields = {
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ enum: [...PAGE_SIZES] })),
};

export const DepartArriveBody = Type.Object({
  ...PageFields,
  data: Type.Optional(
    Type.Object({
      route_code: Type.Optional(Type.String({ maxLength: 64 })),
      start_time: Type.Optional(EpochSeconds()),
      end_time: Type.Optional(EpochSeconds()),
      car_id: Type.Optional(Type.Integer({ minimum: 1 })),
      /** Headway's addition: 'asc' pages forward in time (emulated replay); default 'desc', newest first. */
      order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    }),
  ),
});
export type DepartArriveBody = Static<typeof DepartArriveBody>;

/** page/limit may also come in the query string (`POST /device/depart/arrive?page=2&limit=50`). */
export const DepartArriveQuery = Type.Object(PageFields);

export function departureRoutes(deps: { db: Kysely<Database> }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/device/depart/arrive',
      { schema: { body: DepartArriveBody, querystring: DepartArriveQuery }, config: { access: ACCESS } },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        const body = request.body ?? {};
        const data = body.data ?? {};
        const page = body.page ?? request.query.page ?? 1;
        const limit = body.limit ?? request.query.limit ?? 20;
        return ok(
          await searchDepartArrive(
            deps.db,
            companyId,
            {
              routeCode: data.route_code || undefined,
              startTime: data.start_time,
              endTime: data.end_time,
              carId: data.car_id,
              order: data.order,
            },
            { page, limit },
            await lineScopeOf(deps.db, companyId, userId),
          ),
        );
      },
    );
  };
}
