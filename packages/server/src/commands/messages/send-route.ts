import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionOf } from '../../auth/access.ts';
import { SendMessageBody } from '../../contract/commands.ts';
import { ok } from '../../kernel/envelope.ts';
import type { Services } from '../../services.ts';
import { COMMAND_WRITE } from '../access.ts';
import { sendMessage } from './send.ts';

/** POST /dispatch/send-msg → SendMessageResult. */
export function sendMessageRoute(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/dispatch/send-msg',
      { schema: { body: SendMessageBody }, config: { access: COMMAND_WRITE } },
      async (request) => {
        const { companyId, userId, account } = sessionOf(request);
        // Read at request time: the command path is a platform module started after the routes were mounted.
        const router = request.server.commandRouter;
        const deps = { db: services.db, clock: services.clock, router, log: request.log };
        return ok(await sendMessage(deps, { companyId, userId, account }, request.body));
      },
    );
  };
}
