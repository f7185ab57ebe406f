import { CompiledQuery, type Kysely, PostgresAdapter } from 'kysely';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { Database } from '../store/schema.ts';
import { addressKey } from './address-key.ts';

// The login burst limit (docs/api.md "Sessions": more than N attempts a minute from one address, or on one
// account, answer 1103 before any password check), counted by rate-limiter-flexible: a fixed 60 s window per key
// that starts at the key's first attempt. On PostgreSQL the counters live in a table of the app's own database,
// so every API node sees the same counts; on SQLite (one node by nature) they live in this process's memory.
//
// Keys are bounded by design: an address key per IPv4 address or IPv6 /64 (address-key.ts), and an account key
// per existing user id, taken only after the account was found. An attacker's made-up account names never
// become keys, and each key expires with its window, so memory follows real traffic, not invented strings.

const WINDOW_SECONDS = 60;
/** The PostgreSQL table rate-limiter-flexible creates and keeps (key, points, expire). */
export const LOGIN_LIMIT_TABLE = 'login_limits';

export type LoginLimitStore = 'memory' | 'postgres';

export class LoginLimiter {
  constructor(
    private readonly counter: RateLimiterAbstract,
    readonly store: LoginLimitStore,
  ) {}

  /** Counts one attempt from this client address; 1103 beyond the limit. */
  address(ip: string | undefined): Promise<void> {
    return this.consume(`ip:${addressKey(ip)}`);
  }

  /** Counts one attempt on this (existing) account; 1103 beyond the limit. */
  account(userId: number): Promise<void> {
    return this.consume(`user:${userId}`);
  }

  private async consume(key: string): Promise<void> {
    try {
      await this.counter.consume(key);
    } catch (rejection) {
      // The library rejects with a RateLimiterRes when the limit is passed, with an Error when the store failed.
      if (rejection instanceof RateLimiterRes) throw new ApiError(ErrorCode.tooFrequent);
      throw rejection;
    }
  }
}

/** The engine behind a Kysely instance, read from its dialect adapter. */
export function storeFor(db: Kysely<Database>): LoginLimitStore {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'memory';
}

/**
 * rate-limiter-flexible speaks to PostgreSQL through a node-postgres-like `query({text, values})`; this one runs
 * it on the app's Kysely connection pool, so the limiter needs no pool or credentials of its own.
 */
function kyselyQueryClient(db: Kysely<Database>) {
  return {
    async query(query: { text: string; values?: unknown[] }) {
      const result = await db.executeQuery(CompiledQuery.raw(query.text, query.values ?? []));
      const rowCount = result.numAffectedRows !== undefined ? Number(result.numAffectedRows) : result.rows.length;
      return { rows: result.rows, rowCount };
    },
  };
}

export async function createLoginLimiter(db: Kysely<Database>, attemptsPerMinute: number): Promise<LoginLimiter> {
  const options = { keyPrefix: 'login', points: attemptsPerMinute, duration: WINDOW_SECONDS };
  if (storeFor(db) === 'memory') return new LoginLimiter(new RateLimiterMemory(options), 'memory');
  // The table is created (IF NOT EXISTS) before the first attempt is counted; rows expired an hour ago are
  // deleted every five minutes by the library's own unref'd timer.
  const counter = await new Promise<RateLimiterPostgres>((resolve, reject) => {
    const limiter: RateLimiterPostgres = new RateLimiterPostgres(
      { ...options, storeClient: kyselyQueryClient(db), storeType: 'client', tableName: LOGIN_LIMIT_TABLE },
      (error) => (error ? reject(error) : resolve(limiter)),
    );
  });
  return new LoginLimiter(counter, 'postgres');
}
