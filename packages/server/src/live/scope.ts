import type { Kysely } from 'kysely';
import type { SessionContext } from '../auth/session-context.ts';
import { lineScopesOf, vehicleLinesOf } from '../consoles/scope.ts';
import type { Database } from '../store/schema.ts';

// Which vehicles of its company a live connection may receive (docs/decisions.md "Consoles", docs/live.md
// "Scoped delivery"). Delivery is synchronous and hot, so everything it asks is answered from memory: the scopes
// of connected users and, for companies with scoped users, each vehicle's line. Both are loaded when a scoped
// user connects and re-read on the live channel's revalidation timer, so an administrator's console edit reaches
// open sockets within one period without reconnecting.

/** A set of vehicles; connections whose scopes share a key receive the same filtered batch. */
export interface VehicleScope {
  readonly key: string;
  /** `imei` as real_data carries it: the vehicle's IMEI or its terminal phone. */
  allows(imei: string): boolean;
}

/** What the broker needs: the scope of a session, ready before the session receives its first frame. */
export interface LiveScopes {
  /** Called at CONNECT, before CONNECTED is sent. */
  prepare(session: SessionContext): Promise<void>;
  /** undefined: the whole company. */
  scopeOf(session: SessionContext): VehicleScope | undefined;
}

/** No scoping: every connection sees its whole company (tools and tests without consoles). */
export const WHOLE_COMPANY: LiveScopes = {
  prepare: async () => {},
  scopeOf: () => undefined,
};

interface ScopedUser {
  companyId: number;
  scope: VehicleScope;
  /** Sequence number of the load that produced the entry (see refresh). */
  loadedAt: number;
}

/** The console rule over the store: users in a console see the vehicles bound to its lines, others everything. */
export class ConsoleScopes implements LiveScopes {
  private readonly users = new Map<number, ScopedUser>();
  private vehicleLines = new Map<number, Map<string, number>>();
  private seq = 0;

  constructor(private readonly db: Kysely<Database>) {}

  scopeOf(session: SessionContext): VehicleScope | undefined {
    const entry = this.users.get(session.userId);
    return entry && entry.companyId === session.companyId ? entry.scope : undefined;
  }

  async prepare(session: SessionContext): Promise<void> {
    const loadedAt = ++this.seq;
    const lines = (await lineScopesOf(this.db, [session.userId], session.companyId)).get(session.userId);
    if (!lines) {
      this.users.delete(session.userId);
      return;
    }
    if (!this.vehicleLines.has(session.companyId)) {
      this.vehicleLines.set(session.companyId, await vehicleLinesOf(this.db, session.companyId));
    }
    this.users.set(session.userId, {
      companyId: session.companyId,
      scope: this.scope(session.companyId, lines),
      loadedAt,
    });
  }

  /**
   * Re-reads the scopes of the connected users and the vehicle lines of their companies. A user who connected
   * while this ran keeps the entry its own prepare() made; one no longer connected is forgotten.
   */
  async refresh(connected: Iterable<{ companyId: number; userId: number }>): Promise<void> {
    const startedAt = this.seq;
    const companyOf = new Map<number, number>();
    for (const { companyId, userId } of connected) companyOf.set(userId, companyId);
    const scopes = await lineScopesOf(this.db, [...companyOf.keys()]);
    const companies = new Set<number>();
    for (const userId of scopes.keys()) {
      const companyId = companyOf.get(userId);
      if (companyId !== undefined) companies.add(companyId);
    }
    const vehicleLines = new Map<number, Map<string, number>>();
    for (const companyId of companies) vehicleLines.set(companyId, await vehicleLinesOf(this.db, companyId));
    // Companies of users who connected meanwhile keep what their prepare() loaded.
    for (const entry of this.users.values()) {
      const held = this.vehicleLines.get(entry.companyId);
      if (entry.loadedAt > startedAt && held && !vehicleLines.has(entry.companyId))
        vehicleLines.set(entry.companyId, held);
    }
    // Swap everything at once, after the reads: delivery never sees half a refresh.
    this.vehicleLines = vehicleLines;
    for (const [userId, entry] of [...this.users]) {
      if (entry.loadedAt <= startedAt && !scopes.has(userId)) this.users.delete(userId);
    }
    for (const [userId, lines] of scopes) {
      const companyId = companyOf.get(userId);
      const held = this.users.get(userId);
      if (companyId === undefined || (held && held.loadedAt > startedAt)) continue;
      this.users.set(userId, { companyId, scope: this.scope(companyId, lines), loadedAt: startedAt });
    }
  }

  private scope(companyId: number, lines: ReadonlySet<number>): VehicleScope {
    const key = `lines:${[...lines].sort((a, b) => a - b).join(',')}`;
    return {
      key,
      // Reads the current map on each call, so a refresh applies to scopes already handed out.
      allows: (imei) => {
        const line = this.vehicleLines.get(companyId)?.get(imei);
        return line !== undefined && lines.has(line);
      },
    };
  }
}
