import type { Kysely } from 'kysely';
import type { Database, UserRecord } from '../store/schema.ts';
import type { AuthPolicy } from './policy.ts';

// Account lockout (docs/api.md "Sessions"): N failures in a row within the window lock the account
// for `lockSeconds`. Kept on the user row so it holds across restarts and API nodes.

export function isLocked(user: Pick<UserRecord, 'locked_until'>, now: number): boolean {
  return user.locked_until !== null && user.locked_until > now;
}

/** Counts one failure; answers whether the account is now locked. */
export async function recordFailure(
  db: Kysely<Database>,
  user: Pick<UserRecord, 'id' | 'failed_logins' | 'first_failed_at'>,
  now: number,
  policy: AuthPolicy,
): Promise<boolean> {
  const inWindow = user.first_failed_at !== null && now - user.first_failed_at < policy.failureWindowSeconds;
  const failures = inWindow ? user.failed_logins + 1 : 1;
  const locked = failures >= policy.maxFailures;
  await db
    .updateTable('users')
    .set({
      failed_logins: locked ? 0 : failures,
      first_failed_at: locked ? null : inWindow ? user.first_failed_at : now,
      locked_until: locked ? now + policy.lockSeconds : null,
    })
    .where('id', '=', user.id)
    .execute();
  return locked;
}

export async function clearFailures(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_logins: 0, first_failed_at: null, locked_until: null, last_login_at: now })
    .where('id', '=', userId)
    .execute();
}
