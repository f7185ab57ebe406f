import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionOf } from '../../auth/access.ts';
import { AlarmPreferencesBody } from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import type { Services } from '../../services.ts';
import { preferencesOf, savePreferences } from './preferences.ts';

// /owner/user/alarm: the caller's own notice preferences, for any signed-in user (like /owner/user/config):
// every user receives alarms, whatever screens their role opens.

export function alarmPreferenceRoutes(services: Services): FastifyPluginAsyncTypebox {
  const { db } = services;

  return async (app) => {
    app.get('/owner/user/alarm', { config: { access: 'session' } }, async (request) => {
      const { companyId, userId } = sessionOf(request);
      return ok(await preferencesOf(db, companyId, userId));
    });

    // Answers the whole list: the console clears its copy and closes the dialog on a result (spec section 9).
    app.post(
      '/owner/user/alarm',
      { schema: { body: AlarmPreferencesBody }, config: { access: 'session' } },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        await savePreferences(db, companyId, userId, request.body.alarm_list);
        return ok(await preferencesOf(db, companyId, userId));
      },
    );
  };
}
