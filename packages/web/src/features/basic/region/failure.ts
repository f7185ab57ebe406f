import { ApiError } from '../../../api/errors';

/**
 * The values of the failure notice of spec section 8 (`regions.failed`: the server's message followed by
 * "(Error Code: code)"); an error that is not the server's says what it is with code -1.
 */
export function failureText(error: unknown): { message: string; code: number } {
  return {
    code: error instanceof ApiError ? error.code : -1,
    message: error instanceof Error ? error.message : String(error),
  };
}
