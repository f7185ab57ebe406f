import { ERROR_CODES, endsSession } from '@headway/spec';

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

/** Codes after which the session is unusable (login expired, signature error): the spec catalogue says which. */
export const SESSION_CODES: ReadonlySet<number> = new Set(ERROR_CODES.filter(endsSession));
