import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sessionOf } from '../../auth/access.ts';
import { SnippetBody } from '../../contract/commands.ts';
import { ok } from '../../kernel/envelope.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { COMMAND_READ, COMMAND_WRITE } from '../access.ts';
import { createSnippet, deleteSnippet, listSnippets } from './snippets.ts';

/** GET /system/snippet → {rows}; POST {snippet} → the row; DELETE /system/snippet/:id → null. */
export function snippetRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;
  return async (app) => {
    app.get('/system/snippet', { config: { access: COMMAND_READ } }, async (request) => {
      return ok({ rows: await listSnippets(db, sessionOf(request).companyId) });
    });
    app.post(
      '/system/snippet',
      { schema: { body: SnippetBody }, config: { access: COMMAND_WRITE } },
      async (request) => {
        const { companyId, account } = sessionOf(request);
        return ok(await createSnippet(db, { companyId, account }, request.body.snippet, epochSeconds(clock)));
      },
    );
    app.delete(
      '/system/snippet/:id',
      {
        schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) },
        config: { access: COMMAND_WRITE },
      },
      async (request) => {
        await deleteSnippet(db, sessionOf(request).companyId, request.params.id);
        return ok(null);
      },
    );
  };
}
