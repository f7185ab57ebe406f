import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RolePermissions } from '../contract/index.ts';
import { parseJson } from '../store/json.ts';
import type { Database } from '../store/schema.ts';
import type { SessionContext } from './session-context.ts';

// Session rows: created at login, looked up by token hash on every request, ended by logout,
// force-offline, password change, user disable/delete. An ended row stays for the audit trail.

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  id: number;
  token: string;
  uuid: string;
}

export async function createSession(
  db: Kysely<Database>,
  input: { companyId: number; userId: number; ip: string; clientAgent: string; now: number },
): Promise<NewSession> {
  const token = randomBytes(24).toString('hex');
  const uuid = randomUUID();
  const row = await db
    .insertInto('sessions')
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      token_hash: tokenHash(token),
      uuid,
      ip: input.ip.slice(0, 64),
      client_agent: input.clientAgent.slice(0, 255),
      login_at: input.now,
      last_active_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, uuid };
}

export interface ActiveSession {
  context: SessionContext;
  uuid: string;
  lastActiveAt: number;
}

/** The live session named by a token: not ended, used within the idle limit, its user enabled. */
export async function findActiveSession(
  db: Kysely<Database>,
  token: string,
  now: number,
  idleSeconds: number,
): Promise<ActiveSession | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').onRef('u.company_id', '=', 's.company_id'))
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      's.id',
      's.uuid',
      's.company_id',
      's.user_id',
      's.last_active_at',
      'u.account',
      'u.state',
      'u.role_id',
      'r.role_flag',
      'r.permissions',
    ])
    .where('s.token_hash', '=', tokenHash(token))
    .where('s.ended_at', 'is', null)
    .executeTakeFirst();
  // A disabled user (state 1) is signed out everywhere at once, even by sessions not yet ended.
  if (row?.state !== 0 || now - row.last_active_at > idleSeconds) return undefined;
  return {
    uuid: row.uuid,
    lastActiveAt: row.last_active_at,
    context: {
      sessionId: row.id,
      userId: row.user_id,
      companyId: row.company_id,
      account: row.account,
      roleId: row.role_id,
      roleFlag: row.role_flag,
      permissions: parseJson<RolePermissions>(row.permissions, {}),
    },
  };
}

export async function touchSession(db: Kysely<Database>, sessionId: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_active_at: now }).where('id', '=', sessionId).execute();
}

export type EndReason = 'logout' | 'forced' | 'password' | 'disabled' | 'deleted';

/** Ends live sessions of one company, narrowed to one session or one user; returns how many ended. */
export async function endSessions(
  db: Kysely<Database>,
  scope: { companyId: number; sessionId?: number; userId?: number; exceptSessionId?: number },
  reason: EndReason,
  now: number,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('company_id', '=', scope.companyId)
    .where('ended_at', 'is', null);
  if (scope.sessionId !== undefined) query = query.where('id', '=', scope.sessionId);
  if (scope.userId !== undefined) query = query.where('user_id', '=', scope.userId);
  if (scope.exceptSessionId !== undefined) query = query.where('id', '!=', scope.exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
