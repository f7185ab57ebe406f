import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sessionOf } from '../auth/access.ts';
import {
  CreateRoleBody,
  RoleListQuery,
  type RolePermissions,
  type ScreenEntry,
  UpdateRoleBody,
} from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import { isScreen, screens } from '../menu/catalogue.ts';
import type { Services } from '../services.ts';
import { paging } from '../store/paging.ts';
import { findVisibleRole, listRoles, roleRow } from './queries.ts';

/** Masks only on screens the catalogue knows, so a typo cannot silently grant nothing. */
function checkedPermissions(permissions: RolePermissions): RolePermissions {
  for (const screen of Object.keys(permissions)) {
    if (!isScreen(screen)) throw parameterError(`permissions.${screen}`, 'unknown screen');
  }
  return permissions;
}

export function roleRoutes(services: Services): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  /** A custom role of the caller's company; shared roles are the platform's and read-only here. */
  async function ownCustomRole(companyId: number, roleId: number) {
    const role = await findVisibleRole(db, companyId, roleId);
    if (!role) throw new ApiError(ErrorCode.recordMissing);
    if (role.company_id === null) throw new ApiError(ErrorCode.permission, null, 'shared roles are read-only');
    return role;
  }

  return async (app) => {
    app.get(
      '/owner/role',
      { schema: { querystring: RoleListQuery }, config: { access: { screen: 'SystemRole', need: 'view' } } },
      async (request) => {
        const session = sessionOf(request);
        return ok(await listRoles(db, session.companyId, { ...paging(request.query), search: request.query.search }));
      },
    );

    app.get('/owner/role/screens', { config: { access: { screen: 'SystemRole', need: 'view' } } }, async () => {
      const entries: ScreenEntry[] = screens().map(({ screen, group }) => ({
        name: screen.name,
        title: screen.meta.title,
        parent: group?.name ?? null,
      }));
      return ok(entries);
    });

    app.post(
      '/owner/role',
      { schema: { body: CreateRoleBody }, config: { access: { screen: 'SystemRole', need: 'add' } } },
      async (request) => {
        const session = sessionOf(request);
        const body = request.body;
        // Companies create @User roles only: @Admin and @System are the platform's shared roles.
        const created = await db
          .insertInto('roles')
          .values({
            company_id: session.companyId,
            role_name: body.role_name.trim(),
            role_flag: '@User',
            remark: body.remark ?? '',
            permissions: JSON.stringify(checkedPermissions(body.permissions)),
            created_at: epochSeconds(clock),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return ok(await roleRow(db, session.companyId, created.id));
      },
    );

    app.put(
      '/owner/role',
      { schema: { body: UpdateRoleBody }, config: { access: { screen: 'SystemRole', need: 'edit' } } },
      async (request) => {
        const session = sessionOf(request);
        const body = request.body;
        await ownCustomRole(session.companyId, body.role_id);
        await db
          .updateTable('roles')
          .set({
            role_name: body.role_name.trim(),
            ...(body.remark !== undefined ? { remark: body.remark } : {}),
            permissions: JSON.stringify(checkedPermissions(body.permissions)),
          })
          .where('company_id', '=', session.companyId)
          .where('id', '=', body.role_id)
          .execute();
        return ok(await roleRow(db, session.companyId, body.role_id));
      },
    );

    app.delete(
      '/owner/role/:id',
      {
        schema: { params: Type.Object({ id: Type.Integer() }) },
        config: { access: { screen: 'SystemRole', need: 'delete' } },
      },
      async (request) => {
        const session = sessionOf(request);
        const role = await ownCustomRole(session.companyId, request.params.id);
        const holders = await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', session.companyId)
          .where('role_id', '=', role.id)
          .executeTakeFirstOrThrow();
        if (Number(holders.n) > 0) throw parameterError('role_id', 'role is held by users');
        await db.deleteFrom('roles').where('company_id', '=', session.companyId).where('id', '=', role.id).execute();
        return ok(null);
      },
    );
  };
}
