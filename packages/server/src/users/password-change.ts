import { hashPassword, md5Hex } from '../auth/password.ts';
import { endSessions } from '../auth/sessions.ts';
import { parameterError } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import type { UserRecord } from '../store/schema.ts';

/**
 * Sets a new password after the caller proved the old one. The server only sees MD5s, so it can check
 * the two rules that survive hashing (spec section 5): new ≠ old, and new ≠ the account (compared as the
 * MD5 of the lower-cased account). Length and letters-and-digits are the browser's job (docs/decisions.md).
 * Every other session of the user ends: a password change is how a user evicts whoever else holds one.
 */
export async function changePassword(
  services: Services,
  user: Pick<UserRecord, 'id' | 'company_id' | 'account'>,
  oldMd5: string,
  newMd5: string,
  keepSessionId?: number,
): Promise<void> {
  if (newMd5 === oldMd5) throw parameterError('new_password', 'same as old password');
  if (newMd5 === md5Hex(user.account.toLowerCase())) throw parameterError('new_password', 'same as account');
  const { hash, salt } = await hashPassword(newMd5);
  const now = epochSeconds(services.clock);
  await services.db
    .updateTable('users')
    .set({ password_hash: hash, password_salt: salt, password_expires_at: null })
    .where('company_id', '=', user.company_id)
    .where('id', '=', user.id)
    .execute();
  await endSessions(
    services.db,
    {
      companyId: user.company_id,
      userId: user.id,
      ...(keepSessionId !== undefined ? { exceptSessionId: keepSessionId } : {}),
    },
    'password',
    now,
  );
}
