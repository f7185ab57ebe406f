// The platform's error catalogue (product spec section 8, docs/api.md "Error codes").
// Domain code throws `ApiError` with one of these codes; only the HTTP edge (kernel/edge.ts)
// turns it into the envelope, so handlers and queries never build responses for failures.
export const ErrorCode = {
  unknown: 1000,
  loginExpired: 1001,
  timestampSkew: 1002,
  signature: 1003,
  parameter: 1004,
  permission: 1005,
  timeout: 1006,
  busy: 1007,
  recordMissing: 1008,
  tooMuchData: 1009,
  accountOrPassword: 1100,
  processing: 1101,
  verifyCode: 1102,
  tooFrequent: 1103,
  accountMissing: 1104,
  emailNotBound: 1105,
  accountRegistered: 1106,
  emailInUse: 1107,
  alreadyLoggedIn: 1108,
  accountExpired: 1109,
  shiftExists: 1110,
  serverNotFound: 1111,
  passwordExpired: 1112,
  equipmentLimit: 1113,
  accountLocked: 1114,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_CODES: readonly ErrorCode[] = Object.values(ErrorCode);

/** A failure the caller is meant to see: a spec code plus optional details placed in `result`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, details: unknown = null, note?: string) {
    // `note` is for logs only; the caller always gets the catalogue message in their language.
    super(note ?? `platform error ${code}`);
    this.name = 'ApiError';
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Shorthand for the common "this field is wrong" case (1004 with the field in `result`). */
export function parameterError(field: string, reason?: string): ApiError {
  return new ApiError(ErrorCode.parameter, reason ? { field, reason } : { field });
}
