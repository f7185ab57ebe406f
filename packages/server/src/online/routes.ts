import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionOf } from '../auth/access.ts';
import { endSessions } from '../auth/sessions.ts';
import { OfflineBody, OnlineQuery } from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import { paging } from '../store/paging.ts';
import { listOnline } from './queries.ts';

// Screen SystemOnline: who is signed in, and forcing them out. Ending a session takes effect on the
// very next request, because every request looks its session up (auth/authenticate.ts).
export function onlineRoutes(services: Services): FastifyPluginAsyncTypebox {
  const { db, clock, policy } = services;
  return async (app) => {
    app.get(
      '/owner/user/online',
      { schema: { querystring: OnlineQuery }, config: { access: { screen: 'SystemOnline', need: 'view' } } },
      async (request) => {
        const session = sessionOf(request);
        const activeSince = epochSeconds(clock) - policy.tokenIdleSeconds;
        return ok(
          await listOnline(
            db,
            session.companyId,
            { ...paging(request.query), search: request.query.search },
            activeSince,
          ),
        );
      },
    );

    app.post(
      '/owner/user/offline',
      { schema: { body: OfflineBody }, config: { access: { screen: 'SystemOnline', need: 'edit' } } },
      async (request) => {
        const session = sessionOf(request);
        const body = request.body;
        const scope =
          'session_id' in body
            ? { companyId: session.companyId, sessionId: body.session_id }
            : { companyId: session.companyId, userId: body.user_id };
        const count = await endSessions(db, scope, 'forced', epochSeconds(clock));
        // Nothing ended and nothing of this company by that id: "missing", whether the id is unknown or
        // another company's. A known user with no live session is simply zero sessions ended.
        if (count === 0) {
          const known =
            'session_id' in body
              ? await db
                  .selectFrom('sessions')
                  .select('id')
                  .where('company_id', '=', session.companyId)
                  .where('id', '=', body.session_id)
                  .executeTakeFirst()
              : await db
                  .selectFrom('users')
                  .select('id')
                  .where('company_id', '=', session.companyId)
                  .where('id', '=', body.user_id)
                  .executeTakeFirst();
          if (!known) throw new ApiError(ErrorCode.recordMissing);
        }
        request.log.info({ by: session.account, ...scope, count }, 'forced offline');
        return ok({ count });
      },
    );
  };
}
