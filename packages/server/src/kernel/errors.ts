import { ERROR_CODES, ErrorCode } from '@headway/spec';

// Domain code throws `ApiError` with one of the spec's codes (@headway/spec errors.ts); only the HTTP edge
// (kernel/edge.ts) turns it into the envelope, with the catalogue's message in the caller's language, so handlers
// and queries never build responses for failures.
export { ERROR_CODES, ErrorCode };

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
