import type { LoginBody, LoginResult } from '../contract/index.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import type { UserRecord } from '../store/schema.ts';
import { loadUserInfo } from '../users/user-info.ts';
import { clearFailures, isLocked, recordFailure } from './lockout.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './password.ts';
import { createSession } from './sessions.ts';

export interface LoginOrigin {
  ip: string;
  clientAgent: string;
}

export async function findUserByAccount(services: Services, account: string): Promise<UserRecord | undefined> {
  return services.db
    .selectFrom('users')
    .selectAll()
    .where('account_key', '=', account.trim().toLowerCase())
    .executeTakeFirst();
}

/**
 * Checks an account's password with the lockout rules; shared by POST /login and POST /login/password.
 * A missing account answers 1100 like a wrong password, after the same scrypt cost, so neither the code
 * nor the timing tells whether an account exists. The per-account burst limit (1103) counts only accounts
 * that exist (rate-limit.ts): the lockout already tells a guesser that much, after fewer attempts.
 */
export async function checkCredentials(
  services: Services,
  account: string,
  md5: string,
  acceptTicket = false,
): Promise<UserRecord> {
  const { db, clock, policy } = services;
  const user = await findUserByAccount(services, account);
  if (!user) {
    await verifyPassword(md5, await decoyHash());
    throw new ApiError(ErrorCode.accountOrPassword);
  }
  await services.loginLimiter.account(user.id);
  const now = epochSeconds(clock);
  if (isLocked(user, now)) throw new ApiError(ErrorCode.accountLocked);

  const viaTicket = acceptTicket && services.wechat.tickets.consume(user.id, md5);
  if (viaTicket) return user;
  const stored = { hash: user.password_hash, salt: user.password_salt };
  if (!(await verifyPassword(md5, stored))) {
    const locked = await recordFailure(db, user, now, policy);
    throw new ApiError(locked ? ErrorCode.accountLocked : ErrorCode.accountOrPassword);
  }
  if (needsRehash(stored)) await rehash(services, user, md5);
  return user;
}

/** A hash in the old format or with weaker scrypt parameters is rewritten once its password is proven. */
async function rehash(services: Services, user: UserRecord, md5: string): Promise<void> {
  const { hash, salt } = await hashPassword(md5);
  await services.db
    .updateTable('users')
    .set({ password_hash: hash, password_salt: salt })
    .where('id', '=', user.id)
    .where('password_hash', '=', user.password_hash)
    .execute();
}

/** Attempts per address (1103 beyond), counted for every password-checking call before any work is done. */
export function limitAddress(services: Services, ip: string): Promise<void> {
  return services.loginLimiter.address(ip);
}

export async function login(services: Services, body: LoginBody, origin: LoginOrigin): Promise<LoginResult> {
  const { db, clock } = services;
  await limitAddress(services, origin.ip);

  const user = await checkCredentials(services, body.account, body.password, true);
  const now = epochSeconds(clock);
  await clearFailures(db, user.id, now);

  // Only the right password reaches these, so they reveal nothing to a guesser.
  if (user.state !== 0) throw new ApiError(ErrorCode.permission, null, 'account disabled');
  if (user.account_expires_at !== null && user.account_expires_at <= now) throw new ApiError(ErrorCode.accountExpired);
  if (user.password_expires_at !== null && user.password_expires_at <= now) {
    throw new ApiError(ErrorCode.passwordExpired);
  }

  if (body.union_id && services.wechat.tickets.takeUnbound(body.union_id)) {
    await db
      .insertInto('wechat_bindings')
      .values({ union_id: body.union_id, company_id: user.company_id, user_id: user.id, created_at: now })
      .onConflict((c) => c.column('union_id').doNothing())
      .execute();
  }

  const session = await createSession(db, {
    companyId: user.company_id,
    userId: user.id,
    ip: origin.ip,
    clientAgent: origin.clientAgent,
    now,
  });
  const info = await loadUserInfo(db, user.company_id, user.id);
  return { ...info, uuid: session.uuid, token: session.token };
}
