import { ApiError } from '../../api/errors';

// A refused save or delete as the server answers it (docs/api.md "Errors"): 1004 `{field, rule…}` a broken rule,
// 1106 `{field, value}` a taken value, and for refusals the user must read (a record still in use) `{message}`.

/**
 * What to tell the user: the server's own sentence when it sent one (a duplicate's "{0} [{1}] already exists", a
 * delete refused because the record is in use), else the code's message with the field it named.
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const result = error.result as { message?: unknown; field?: unknown } | null;
    if (result && typeof result.message === 'string' && result.message) return result.message;
    if (result && typeof result.field === 'string') return `${error.message} (${result.field})`;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The field a 1004 or 1106 names, so a form can mark it. */
export function failureField(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const field = (error.result as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? field : undefined;
}
