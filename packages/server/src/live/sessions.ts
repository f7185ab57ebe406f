import type { Kysely } from 'kysely';
import type { AuthPolicy } from '../auth/policy.ts';
import type { SessionContext } from '../auth/session-context.ts';
import { findActiveSession, touchSession } from '../auth/sessions.ts';
import { type Clock, epochSeconds } from '../kernel/time.ts';
import type { Database } from '../store/schema.ts';

// The live channel rides on the REST session: the same token, the same idle limit, the same end reasons
// (docs/api.md "Sessions"). No signature: STOMP frames carry no timestamp to sign, and the token never
// travels in a URL (it is a CONNECT header inside the WebSocket).

export interface SessionDeps {
  db: Kysely<Database>;
  clock: Clock;
  policy: AuthPolicy;
}

export async function resolveToken(deps: SessionDeps, token: string): Promise<SessionContext | undefined> {
  const found = await findActiveSession(deps.db, token, epochSeconds(deps.clock), deps.policy.tokenIdleSeconds);
  return found?.context;
}

/** /app/heartbeat keeps the session alive and its last_active_time current, throttled like REST requests. */
export function heartbeatToucher(deps: SessionDeps): (session: SessionContext) => Promise<void> {
  const touchedAt = new Map<number, number>();
  return async (session) => {
    const now = epochSeconds(deps.clock);
    const last = touchedAt.get(session.sessionId) ?? 0;
    if (now - last < deps.policy.touchEverySeconds) return;
    // Entries past the throttle window are useless; drop them so the map stays the size of the active set.
    if (touchedAt.size > 10_000) {
      for (const [id, at] of touchedAt) if (now - at >= deps.policy.touchEverySeconds) touchedAt.delete(id);
    }
    touchedAt.set(session.sessionId, now);
    await touchSession(deps.db, session.sessionId, now);
  };
}

/**
 * Of the given session ids, those no longer live: ended (logout, forced offline, password change,
 * disable, delete), idle past the limit, or whose user is disabled. One query for all connected sessions.
 */
export async function endedSessions(deps: SessionDeps, sessionIds: ReadonlySet<number>): Promise<Set<number>> {
  if (sessionIds.size === 0) return new Set();
  const ids = [...sessionIds];
  const activeSince = epochSeconds(deps.clock) - deps.policy.tokenIdleSeconds;
  const live = new Set<number>();
  // Chunked so the IN list stays under SQLite's bound-parameter limit whatever the number of consoles.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await deps.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').onRef('u.company_id', '=', 's.company_id'))
      .select('s.id')
      .where('s.id', 'in', ids.slice(i, i + 500))
      .where('s.ended_at', 'is', null)
      .where('u.state', '=', 0)
      .where('s.last_active_at', '>=', activeSince)
      .execute();
    for (const row of rows) live.add(row.id);
  }
  return new Set(ids.filter((id) => !live.has(id)));
}
