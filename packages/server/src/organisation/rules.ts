import { type FieldRule, type Label, type Language, labelIn } from '@headway/spec';
import { ApiError, ErrorCode } from '../kernel/errors.ts';

// The failures of the organisation's basic data, as values the console can act on (docs/api.md "Basic data:
// companies, fleets, staff"): 1004 naming the field and the rule it broke, 1106 naming the field and the value that
// is already taken ("{0} [{1}] already exists"), 1004 `rule: 'bound'` with what still uses a row being deleted.

/** 1004 `{field, rule}`: a spec section 5 rule (required, length, tooLong, format, number) or ours (unknown…). */
export function ruleError(field: string, rule: FieldRule | 'unknown' | 'order' | 'self' | 'tooMany' | 'notSystem') {
  return new ApiError(ErrorCode.parameter, { field, rule });
}

/** Throws the rule's 1004 when a check failed. */
export function check(field: string, failure: FieldRule | null): void {
  if (failure) throw ruleError(field, failure);
}

/** 1106 `{field, value, rule: 'taken'}`: the console says "{field} [{value}] already exists". */
export function taken(field: string, value: string): ApiError {
  return new ApiError(ErrorCode.accountRegistered, { field, value, rule: 'taken' });
}

/** 1004 `{field: 'id', rule: 'bound', …counts}`: the row is still used; the counts say by what. */
export function bound(counts: Record<string, number>): ApiError {
  return new ApiError(ErrorCode.parameter, { field: 'id', rule: 'bound', ...counts });
}

/** A code of a spec table, or 1004 `unknown`. */
export function known(field: string, code: number, table: object): number {
  if (!Object.hasOwn(table, code)) throw ruleError(field, 'unknown');
  return code;
}

/** Trimmed text ('' for absent). */
export const trimmed = (value: string | null | undefined): string => (value ?? '').trim();

/** `{ access: { screen, need } }` of a route: the screen's permission bit (docs/api.md "Permissions"). */
export function access(
  screen: string | readonly string[],
  need: 'view' | 'add' | 'edit' | 'delete' | 'export',
): { access: { screen: string | readonly string[]; need: typeof need } } {
  return { access: { screen, need } };
}

/** A label table's wording, or the code itself when unknown. */
export function labelOf(
  table: { readonly [code: number]: { readonly label: Label } },
  code: number,
  language: Language,
) {
  const entry = table[code];
  return entry ? labelIn(entry.label, language) : String(code);
}
