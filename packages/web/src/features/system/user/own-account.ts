import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/errors';
import { reactToFailure } from '../../../api/react-to-failure';

// What a user may not do to their own account: the server answers 1004 with `rule: 'self'` and the field
// (docs/api.md). A bare "Parameter error" tells the administrator nothing, so the screen says which rule it was.

/** `id` delete, `state` disable, `role_id` change role. */
type OwnAccountField = 'id' | 'state' | 'role_id';

const FIELDS: readonly OwnAccountField[] = ['id', 'state', 'role_id'];

/** The field of a self-refusal, or null for any other failure. */
function ownAccountRefusal(error: unknown): OwnAccountField | null {
  if (!(error instanceof ApiError) || typeof error.result !== 'object' || error.result === null) return null;
  const { rule, field } = error.result as { rule?: unknown; field?: unknown };
  return rule === 'self' && FIELDS.includes(field as OwnAccountField) ? (field as OwnAccountField) : null;
}

/**
 * The message for a failed user call made `silent`: the self rule in words, anything else the request client's
 * usual reaction (translated code message, session confirm, network error).
 */
export function explainUserFailure(error: unknown, t: TFunction, show: (text: string) => void): void {
  const field = ownAccountRefusal(error);
  if (field) show(t(`user.ownAccount.${field}`));
  else if (error instanceof ApiError) reactToFailure(error.code, error.message);
  else throw error;
}
