// Limits of the sign-in and session machinery (docs/api.md "Sessions"). One object so tests and
// deployments can tune them (e.g. a 2-second token lifetime in a test) without touching the logic.
export interface AuthPolicy {
  /** A session ends after this long without a request (sliding). */
  tokenIdleSeconds: number;
  /** Largest accepted |server time − request timestamp| (1002 beyond). */
  maxSkewSeconds: number;
  /** Consecutive failures within `failureWindowSeconds` that lock the account (1114). */
  maxFailures: number;
  failureWindowSeconds: number;
  lockSeconds: number;
  /** Login attempts allowed per address and per account in any 60 s (1103 beyond). */
  loginAttemptsPerMinute: number;
  /** last_active_at is written at most this often per session, not on every request. */
  touchEverySeconds: number;
  /** Lifetime of a one-time WeChat login ticket, and of an unbound union_id awaiting a login. */
  wechatTicketSeconds: number;
  wechatBindWindowSeconds: number;
}

export const DEFAULT_AUTH_POLICY: AuthPolicy = {
  tokenIdleSeconds: 12 * 3600,
  maxSkewSeconds: 300,
  maxFailures: 5,
  failureWindowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
  loginAttemptsPerMinute: 10,
  touchEverySeconds: 60,
  wechatTicketSeconds: 60,
  wechatBindWindowSeconds: 10 * 60,
};
