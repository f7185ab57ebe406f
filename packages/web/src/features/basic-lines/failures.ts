import { LINE_DIRECTIONS, labelIn, ROUTE_CHECK_FAILURES, type RouteCheckFailure } from '@headway/spec';
import type { TFunction } from 'i18next';

type T = TFunction<'basic-lines'>;

import { ApiError } from '../../api/errors';
import { duplicateMessage, type RouteCheckFailureRow } from './api';

// Route check failures (spec section 5, 1–7) as the editor lists them: number, text, and where.

export function failureLine(f: RouteCheckFailure, t: T, language: string): string {
  const text = labelIn(ROUTE_CHECK_FAILURES[f.code].label, language);
  const entry = f.direction === undefined ? undefined : LINE_DIRECTIONS[f.direction as 1 | 2];
  const direction = entry ? labelIn(entry.label, language) : '';
  if (f.serial !== undefined)
    return t('basicLines.editor.failureAt', { code: f.code, text, direction, serial: f.serial });
  if (direction) return t('basicLines.editor.failureIn', { code: f.code, text, direction });
  return t('basicLines.editor.failure', { code: f.code, text });
}

/** The failures a refused save carries (1004 with `failures`), else null. */
export function serverFailures(error: unknown): RouteCheckFailureRow[] | null {
  if (!(error instanceof ApiError)) return null;
  const failures = (error.result as { failures?: RouteCheckFailureRow[] } | null)?.failures;
  return Array.isArray(failures) ? failures : null;
}

/** What to tell the user of any other failed save: the duplicate's sentence, the bound reason, or msg and code. */
export function failureMessage(error: unknown, t: T): string {
  const duplicate = duplicateMessage(error);
  if (duplicate) return duplicate;
  if (error instanceof ApiError) {
    const reason = (error.result as { message?: string } | null)?.message;
    if (reason) return reason;
    return t('basicLines.failed', { message: error.message, code: error.code });
  }
  return t('basicLines.failed', { message: error instanceof Error ? error.message : String(error), code: -1 });
}
