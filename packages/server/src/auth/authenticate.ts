import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { SIGNATURE_HEADERS } from '../contract/index.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { type Clock, epochSeconds } from '../kernel/time.ts';
import { isScreen } from '../menu/catalogue.ts';
import type { Database } from '../store/schema.ts';
import { assertAllowed, routeAccess } from './access.ts';
import type { AuthPolicy } from './policy.ts';
import { findActiveSession, touchSession } from './sessions.ts';
import { sign, signatureMatches } from './signature.ts';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Verifies the signed-request headers and the route's permission before validation and the handler.
 * Runs in preValidation because the body digest needs the raw bytes, which exist only after parsing;
 * it still precedes schema validation, so an unauthenticated caller learns nothing about a route's shape.
 * Order of checks is the contract's: token (1001), clock skew (1002), signature (1003), then mask (1005).
 */
export function installAuthentication(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock; policy: AuthPolicy },
): void {
  // A typo in a route's screen would quietly refuse everyone but administrators: fail at start-up instead.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access || typeof access !== 'object') return;
    for (const screen of typeof access.screen === 'string' ? [access.screen] : access.screen) {
      if (!isScreen(screen)) throw new Error(`route ${route.method} ${route.url} names unknown screen "${screen}"`);
    }
  });

  app.addHook('preValidation', async (request) => {
    const access = routeAccess(request);
    if (access === 'public') return;

    const token = header(request, SIGNATURE_HEADERS.token);
    const now = epochSeconds(deps.clock);
    const found = token ? await findActiveSession(deps.db, token, now, deps.policy.tokenIdleSeconds) : undefined;
    if (!found) throw new ApiError(ErrorCode.loginExpired);

    const timestamp = header(request, SIGNATURE_HEADERS.timestamp) ?? '';
    if (!/^\d{10}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > deps.policy.maxSkewSeconds) {
      throw new ApiError(ErrorCode.timestampSkew);
    }

    const expected = sign(found.uuid, request.method, request.url, timestamp, request.rawBody);
    if (!signatureMatches(expected, header(request, SIGNATURE_HEADERS.signature) ?? '')) {
      throw new ApiError(ErrorCode.signature);
    }

    if (now - found.lastActiveAt >= deps.policy.touchEverySeconds) {
      await touchSession(deps.db, found.context.sessionId, now);
    }
    request.session = found.context;
    assertAllowed(found.context, access);
  });
}
