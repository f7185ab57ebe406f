/** A non-zero envelope code (docs/api.md "Error codes"), or a client-side code for network failures. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Client-side code for a request that never got an envelope (offline, timeout, non-JSON answer). */
export const NETWORK_ERROR = -1;

/** Codes after which the session is unusable: login expired, timestamp skew, signature error. */
export const SESSION_CODES: ReadonlySet<number> = new Set([1001, 1002, 1003]);

export const KNOWN_CODES = [
  1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1100, 1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108,
  1109, 1110, 1111, 1112, 1113, 1114,
] as const;
