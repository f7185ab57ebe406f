import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sessionOf } from '../auth/access.ts';
import { hashPassword } from '../auth/password.ts';
import type { SessionContext } from '../auth/session-context.ts';
import { endSessions } from '../auth/sessions.ts';
import { CreateUserBody, UpdateUserBody, UserListQuery, ValidatorQuery } from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import { findVisibleRole } from '../roles/queries.ts';
import type { Services } from '../services.ts';
import { paging } from '../store/paging.ts';
import { accountTaken, listUsers, userRow } from './queries.ts';

/**
 * 1004 for what a user may not do to their own account. `rule: 'self'` is a stable key the console translates
 * ("you cannot delete your own account"); `reason` stays the developers' English hint (docs/api.md).
 */
function selfRefused(field: 'id' | 'state' | 'role_id', reason: string): ApiError {
  return new ApiError(ErrorCode.parameter, { field, reason, rule: 'self' });
}

// Company user administration (screen SystemUser). Every statement is scoped by the caller's company:
// an id from another company is simply "missing" (1008), never a hint that it exists.
export function userRoutes(services: Services): FastifyPluginAsyncTypebox {
  const { db, clock, policy } = services;
  const activeSince = () => epochSeconds(clock) - policy.tokenIdleSeconds;

  /** A role the caller may hand out: visible to the company, and @System only from a @System caller. */
  async function assignableRole(session: SessionContext, roleId: number) {
    const role = await findVisibleRole(db, session.companyId, roleId);
    if (!role) throw parameterError('role_id', 'unknown role');
    if (role.role_flag === '@System' && session.roleFlag !== '@System') throw new ApiError(ErrorCode.permission);
    return role;
  }

  async function existingUser(companyId: number, userId: number) {
    const user = await db
      .selectFrom('users')
      .select(['id', 'state'])
      .where('company_id', '=', companyId)
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new ApiError(ErrorCode.recordMissing);
    return user;
  }

  return async (app) => {
    app.get(
      '/owner/user',
      { schema: { querystring: UserListQuery }, config: { access: { screen: 'SystemUser', need: 'view' } } },
      async (request) => {
        const session = sessionOf(request);
        const { search, role_id, state } = request.query;
        return ok(
          await listUsers(db, session.companyId, { ...paging(request.query), search, role_id, state }, activeSince()),
        );
      },
    );

    app.get(
      '/owner/user/validator',
      { schema: { querystring: ValidatorQuery }, config: { access: { screen: 'SystemUser', need: 'view' } } },
      async (request) => {
        // Accounts are unique per deployment, so this necessarily answers across companies (docs/decisions.md).
        if (await accountTaken(db, request.query.account)) throw new ApiError(ErrorCode.accountRegistered);
        return ok(true);
      },
    );

    app.post(
      '/owner/user',
      { schema: { body: CreateUserBody }, config: { access: { screen: 'SystemUser', need: 'add' } } },
      async (request) => {
        const session = sessionOf(request);
        const body = request.body;
        await assignableRole(session, body.role_id);
        if (await accountTaken(db, body.account)) throw new ApiError(ErrorCode.accountRegistered);
        const { hash, salt } = await hashPassword(body.password);
        const created = await db
          .insertInto('users')
          .values({
            company_id: session.companyId,
            account: body.account.trim(),
            account_key: body.account.trim().toLowerCase(),
            user_name: body.user_name.trim(),
            email: body.email ?? '',
            remark: body.remark ?? '',
            img_url: '',
            role_id: body.role_id,
            state: body.state ?? 0,
            password_hash: hash,
            password_salt: salt,
            user_config: '{}',
            created_at: epochSeconds(clock),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return ok(await userRow(db, session.companyId, created.id, activeSince()));
      },
    );

    app.put(
      '/owner/user',
      { schema: { body: UpdateUserBody }, config: { access: { screen: 'SystemUser', need: 'edit' } } },
      async (request) => {
        const session = sessionOf(request);
        const body = request.body;
        await existingUser(session.companyId, body.user_id);
        await assignableRole(session, body.role_id);
        if (body.user_id === session.userId && (body.state !== 0 || body.role_id !== session.roleId)) {
          // An administrator cannot lock themselves out of the screen they are using.
          throw selfRefused(body.state !== 0 ? 'state' : 'role_id', 'cannot change own state or role');
        }
        const password = body.password ? await hashPassword(body.password) : undefined;
        await db
          .updateTable('users')
          .set({
            user_name: body.user_name.trim(),
            role_id: body.role_id,
            state: body.state,
            ...(body.email !== undefined ? { email: body.email } : {}),
            ...(body.remark !== undefined ? { remark: body.remark } : {}),
            // A reset also lifts a lockout: the administrator has just vouched for the new password.
            ...(password
              ? { password_hash: password.hash, password_salt: password.salt, failed_logins: 0, locked_until: null }
              : {}),
          })
          .where('company_id', '=', session.companyId)
          .where('id', '=', body.user_id)
          .execute();
        const now = epochSeconds(clock);
        if (body.state !== 0)
          await endSessions(db, { companyId: session.companyId, userId: body.user_id }, 'disabled', now);
        else if (password)
          await endSessions(db, { companyId: session.companyId, userId: body.user_id }, 'password', now);
        return ok(await userRow(db, session.companyId, body.user_id, activeSince()));
      },
    );

    app.delete(
      '/owner/user/:id',
      {
        schema: { params: Type.Object({ id: Type.Integer() }) },
        config: { access: { screen: 'SystemUser', need: 'delete' } },
      },
      async (request) => {
        const session = sessionOf(request);
        const userId = request.params.id;
        if (userId === session.userId) throw selfRefused('id', 'cannot delete yourself');
        await existingUser(session.companyId, userId);
        await db.transaction().execute(async (trx) => {
          await trx
            .deleteFrom('wechat_bindings')
            .where('company_id', '=', session.companyId)
            .where('user_id', '=', userId)
            .execute();
          await trx
            .deleteFrom('sessions')
            .where('company_id', '=', session.companyId)
            .where('user_id', '=', userId)
            .execute();
          await trx.deleteFrom('users').where('company_id', '=', session.companyId).where('id', '=', userId).execute();
        });
        return ok(null);
      },
    );
  };
}
