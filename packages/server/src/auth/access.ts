import type { FastifyRequest } from 'fastify';
import { FULL_MASK, hasPermission, type Permission } from '../contract/index.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { SessionContext } from './session-context.ts';

/**
 * What a route requires, declared in its `config.access` (docs/api.md "Permissions"):
 * - 'public': no session (login, company display);
 * - 'session': any signed-in user (own profile, menu);
 * - `{ screen, need }`: the caller's mask on that screen must hold the bit.
 * Routes that declare nothing require a session: forgetting the declaration fails closed.
 */
export type RouteAccess = 'public' | 'session' | { screen: string; need: Permission };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** @Admin and @System hold every bit on every screen; @User roles hold their own masks. */
export function maskOn(session: Pick<SessionContext, 'roleFlag' | 'permissions'>, screen: string): number {
  if (session.roleFlag === '@Admin' || session.roleFlag === '@System') return FULL_MASK;
  return session.permissions[screen] ?? 0;
}

export function routeAccess(request: FastifyRequest): RouteAccess {
  return request.routeOptions.config.access ?? 'session';
}

export function assertAllowed(session: SessionContext, access: RouteAccess): void {
  if (typeof access === 'string') return;
  if (!hasPermission(maskOn(session, access.screen), access.need)) {
    throw new ApiError(ErrorCode.permission, null, `${session.account} lacks ${access.need} on ${access.screen}`);
  }
}

/** The caller's session inside a handler of a non-public route (authenticate.ts guarantees it). */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new ApiError(ErrorCode.loginExpired);
  return request.session;
}
