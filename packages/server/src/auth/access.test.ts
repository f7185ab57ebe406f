import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../kernel/errors.ts';
import { systemClock } from '../kernel/time.ts';
import type { Database } from '../store/schema.ts';
import { assertAllowed, maskOn } from './access.ts';
import { installAuthentication } from './authenticate.ts';
import { DEFAULT_AUTH_POLICY } from './policy.ts';
import type { SessionContext } from './session-context.ts';

const session = (roleFlag: string, permissions: Record<string, number> = {}): SessionContext => ({
  sessionId: 1,
  userId: 1,
  companyId: 1,
  account: 'someone',
  roleId: 1,
  roleFlag,
  permissions,
});

describe('route access', () => {
  it('gives @Admin and @System the full mask and @User its own', () => {
    expect(maskOn(session('@Admin'), 'SystemUser')).toBe(2047);
    expect(maskOn(session('@System'), 'Anything')).toBe(2047);
    expect(maskOn(session('@User', { SystemUser: 5 }), 'SystemUser')).toBe(5);
    expect(maskOn(session('@User', { SystemUser: 5 }), 'SystemRole')).toBe(0);
  });

  it('refuses a missing bit with 1005 and lets session-only routes through', () => {
    const user = session('@User', { SystemUser: 1 });
    expect(() => assertAllowed(user, { screen: 'SystemUser', need: 'view' })).not.toThrow();
    expect(() => assertAllowed(user, { screen: 'SystemUser', need: 'edit' })).toThrow(
      expect.objectContaining({ code: ErrorCode.permission }),
    );
    expect(() => assertAllowed(user, 'session')).not.toThrow();
  });

  it('refuses at start-up a route naming a screen the catalogue does not know', async () => {
    const app = Fastify();
    installAuthentication(app, { db: {} as Kysely<Database>, clock: systemClock, policy: DEFAULT_AUTH_POLICY });
    expect(() =>
      app.get('/x', { config: { access: { screen: 'SystemUsr', need: 'view' } } }, async () => null),
    ).toThrow(/unknown screen "SystemUsr"/);
    await app.close();
  });
});
