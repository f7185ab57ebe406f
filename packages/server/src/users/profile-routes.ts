import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionOf } from '../auth/access.ts';
import { verifyPassword } from '../auth/password.ts';
import { ChangePasswordBody, ProfileBody, type UserConfig, UserConfigPatch } from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { Services } from '../services.ts';
import { parseJson } from '../store/json.ts';
import { changePassword } from './password-change.ts';
import { loadUserInfo, mergeUserConfig } from './user-info.ts';

// The signed-in user's own profile: any session may read and change its own user, nothing else.
export function profileRoutes(services: Services): FastifyPluginAsyncTypebox {
  const { db } = services;
  return async (app) => {
    app.get('/owner/user/info', { config: { access: 'session' } }, async (request) => {
      const session = sessionOf(request);
      return ok(await loadUserInfo(db, session.companyId, session.userId));
    });

    app.put('/owner/user/info', { schema: { body: ProfileBody }, config: { access: 'session' } }, async (request) => {
      const session = sessionOf(request);
      const { user_name, email, remark, img_url } = request.body;
      await db
        .updateTable('users')
        .set({
          user_name,
          ...(email !== undefined ? { email } : {}),
          ...(remark !== undefined ? { remark } : {}),
          ...(img_url !== undefined ? { img_url } : {}),
        })
        .where('company_id', '=', session.companyId)
        .where('id', '=', session.userId)
        .execute();
      return ok(await loadUserInfo(db, session.companyId, session.userId));
    });

    app.put(
      '/owner/user/pwd',
      { schema: { body: ChangePasswordBody }, config: { access: 'session' } },
      async (request) => {
        const session = sessionOf(request);
        const user = await db
          .selectFrom('users')
          .select(['id', 'company_id', 'account', 'password_hash', 'password_salt'])
          .where('company_id', '=', session.companyId)
          .where('id', '=', session.userId)
          .executeTakeFirstOrThrow();
        const { old_password, new_password } = request.body;
        if (!(await verifyPassword(old_password, { hash: user.password_hash, salt: user.password_salt }))) {
          throw new ApiError(ErrorCode.accountOrPassword);
        }
        await changePassword(services, user, old_password, new_password, session.sessionId);
        return ok(null);
      },
    );

    app.put(
      '/owner/user/config',
      { schema: { body: UserConfigPatch }, config: { access: 'session' } },
      async (request) => {
        const session = sessionOf(request);
        // Read-merge-write in one transaction so two tabs saving different keys do not drop each other's.
        const merged = await db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('users')
            .select('user_config')
            .where('company_id', '=', session.companyId)
            .where('id', '=', session.userId)
            .executeTakeFirstOrThrow();
          const stored = parseJson<Partial<UserConfig>>(row.user_config, {});
          const patch = request.body;
          const next: Partial<UserConfig> = {
            ...stored,
            ...patch,
            ...(patch.settings ? { settings: { ...(stored.settings ?? {}), ...patch.settings } } : {}),
          };
          await trx
            .updateTable('users')
            .set({ user_config: JSON.stringify(next) })
            .where('company_id', '=', session.companyId)
            .where('id', '=', session.userId)
            .execute();
          return mergeUserConfig(next);
        });
        return ok(merged);
      },
    );
  };
}
