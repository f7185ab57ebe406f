import type { RolePermissions } from '../contract/index.ts';

/** Who is calling: resolved from the token by authenticate.ts and the root of every tenant-scoped query. */
export interface SessionContext {
  sessionId: number;
  userId: number;
  companyId: number;
  account: string;
  roleId: number;
  roleFlag: string;
  permissions: RolePermissions;
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionContext;
  }
}
