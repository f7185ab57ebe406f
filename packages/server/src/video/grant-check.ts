import type { Kysely } from 'kysely';
import type { AuthPolicy } from '../auth/policy.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { type Clock, epochSeconds } from '../kernel/time.ts';
import type { Database } from '../store/schema.ts';
import { checkGrant, type ViewerEndpoint, type ViewerGrant } from './token.ts';

export interface GrantDeps {
  db: Kysely<Database>;
  clock: Clock;
  policy: AuthPolicy;
  secret: Buffer;
  nodeId: string;
}

/**
 * What a viewer URL's `t` allows, checked when the URL is opened: our signature, not expired, for this endpoint and
 * this node, and the session it was issued to still signed in, in the same company, its user enabled. Failures are
 * ApiError 1005 (the edge answers 403): another company's camera is never opened, whatever the URL says.
 */
export async function grantFor(
  deps: GrantDeps,
  token: string | undefined,
  endpoint: ViewerEndpoint,
): Promise<ViewerGrant> {
  const now = epochSeconds(deps.clock);
  if (!token) throw new ApiError(ErrorCode.permission, { reason: 'no token' });
  const checked = checkGrant(deps.secret, token, now);
  if (!checked.ok) throw new ApiError(ErrorCode.permission, { reason: checked.reason });
  const grant = checked.grant;
  if (grant.endpoint !== endpoint) throw new ApiError(ErrorCode.permission, { reason: 'wrong endpoint' });
  if (grant.node !== deps.nodeId)
    throw new ApiError(ErrorCode.serverNotFound, { reason: 'stream held by another node' });
  const live = await deps.db
    .selectFrom('sessions as s')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').onRef('u.company_id', '=', 's.company_id'))
    .select('s.id')
    .where('s.id', '=', grant.session)
    .where('s.company_id', '=', grant.company)
    .where('s.user_id', '=', grant.user)
    .where('s.ended_at', 'is', null)
    .where('u.state', '=', 0)
    .where('s.last_active_at', '>=', now - deps.policy.tokenIdleSeconds)
    .executeTakeFirst();
  if (!live) throw new ApiError(ErrorCode.permission, { reason: 'session ended' });
  return grant;
}
