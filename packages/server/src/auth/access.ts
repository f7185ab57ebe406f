import type { FastifyRequest } from 'fastify';
import { FULL_MASK, hasPermission, type Permission } from '../contract/index.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { SessionContext } from './session-context.ts';

/**
 * What a route requires, declared in its `config.access` (docs/api.md "Permissions"):
 * - 'public': no session (login, company display);
 * - 'session': any signed-in user (own profile, menu);
 * - `{ screen, need }`: the caller's mask on that screen must hold the bit; with several screens, on any of them
 *   (a window opened from several screens, e.g. map replay from the monitoring map and track playback).
 * Routes that declare nothing require a session: forgetting the declaration fails closed.
 */
export type RouteAccess = 'public' | 'session' | { screen: string | readonly string[]; need: Permission };

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
  const screens = typeof access.screen === 'string' ? [access.screen] : access.screen;
  if (!screens.some((screen) => hasPermission(maskOn(session, screen), access.need))) {
    throw new ApiError(
      ErrorCode.permission,
      null,
      `${session.account} lacks ${access.need} on ${screens.join(' or ')}`,
    );
  }
}

/** The caller's session inside a handler of a non-public route (authenticate.ts guarantees it). */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new ApiError(ErrorCode.loginExpired);
  return request.session;
}
