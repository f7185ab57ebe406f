import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ExpiredPasswordBody, LoginBody, SIGNATURE_HEADERS, type WechatLoginResult } from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import { changePassword } from '../users/password-change.ts';
import { sessionOf } from './access.ts';
import { checkCredentials, limitAddress, login } from './login.ts';
import { endSessions } from './sessions.ts';

export function authRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post('/login', { schema: { body: LoginBody }, config: { access: 'public' } }, async (request) => {
      const clientAgent = request.headers[SIGNATURE_HEADERS.clientAgent];
      const result = await login(services, request.body, {
        ip: request.ip,
        clientAgent: (Array.isArray(clientAgent) ? clientAgent[0] : clientAgent) ?? '',
      });
      request.log.info({ account: result.account, company: result.company_id }, 'login');
      return ok(result);
    });

    app.get('/logout', { config: { access: 'session' } }, async (request) => {
      const session = sessionOf(request);
      await endSessions(
        services.db,
        { companyId: session.companyId, sessionId: session.sessionId },
        'logout',
        epochSeconds(services.clock),
      );
      return ok(null);
    });

    // Changing an expired password (1112) happens before a session exists, so it proves the old password instead.
    app.post(
      '/login/password',
      { schema: { body: ExpiredPasswordBody }, config: { access: 'public' } },
      async (request) => {
        const body = request.body;
        await limitAddress(services, request.ip);
        const user = await checkCredentials(services, body.account, body.old_password);
        await changePassword(services, user, body.old_password, body.new_password);
        return ok(null);
      },
    );

    app.get(
      '/login/wechat',
      {
        schema: { querystring: Type.Object({ code: Type.String({ minLength: 1, maxLength: 256 }) }) },
        config: { access: 'public' },
      },
      async (request) => {
        const provider = services.wechat.provider;
        if (!provider) throw new ApiError(ErrorCode.serverNotFound, null, 'no WeChat provider configured');
        const unionId = await provider.exchange(request.query.code);
        const bound = await services.db
          .selectFrom('wechat_bindings as b')
          .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'b.user_id').onRef('u.company_id', '=', 'b.company_id'))
          .select(['u.id', 'u.account'])
          .where('b.union_id', '=', unionId)
          .executeTakeFirst();
        let result: WechatLoginResult;
        if (bound) {
          result = { account: bound.account, password: services.wechat.tickets.issue(bound.id), union_id: unionId };
        } else {
          services.wechat.tickets.rememberUnbound(unionId);
          result = { account: '', password: '', union_id: unionId };
        }
        return ok(result);
      },
    );
  };
}
