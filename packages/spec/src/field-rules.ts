// The generic field rules of product spec section 5 ("{0} cannot be empty; must be a number; name length 3-64;
// remark max 255; sensitive-value mask…"), once: the server's basic-data API checks input with them and the console's
// forms mirror them, so a form never accepts what the server refuses (issue 14, docs/basic-data-org.md).

import type { Label } from './labels.ts';

/** Names of things (company, fleet, organisation, staff, display item): 3 to 64 characters after trimming. */
export const NAME_MIN_LENGTH = 3;
export const NAME_MAX_LENGTH = 64;
/** Remarks: at most 255 characters. */
export const REMARK_MAX_LENGTH = 255;
/** Codes and numbers typed by people (employee number, card number, licence number): 1 to 32 characters. */
export const CODE_MAX_LENGTH = 32;

/**
 * A telephone number as people write it: an optional leading +, then 5 to 20 digits, spaces or dashes, starting and
 * ending with a digit (landlines with area codes, mobiles, +66 / +86 / +1 numbers).
 */
export const PHONE_PATTERN = /^\+?\d[\d -]{3,18}\d$/;
/** Codes: letters, digits, dash, underscore and dot; no spaces (they are typed on readers and printed on cards). */
export const CODE_PATTERN = /^[A-Za-z0-9._-]+$/;
/** A calendar date (birthday, licence expiry): YYYY-MM-DD. A date of birth is a day, not an instant. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Why a value fails a rule: a stable key the console translates and the server returns in `result.rule`. */
export type FieldRule = 'required' | 'length' | 'tooLong' | 'format' | 'number';

/** A name: required, 3–64 characters after trimming. */
export function nameRule(value: string | undefined | null): FieldRule | null {
  const text = (value ?? '').trim();
  if (!text) return 'required';
  if (text.length < NAME_MIN_LENGTH || text.length > NAME_MAX_LENGTH) return 'length';
  return null;
}

/** A remark: optional, at most 255 characters after trimming. */
export function remarkRule(value: string | undefined | null): FieldRule | null {
  return (value ?? '').trim().length > REMARK_MAX_LENGTH ? 'tooLong' : null;
}

/** A phone number: optional (empty passes), else PHONE_PATTERN. */
export function phoneRule(value: string | undefined | null): FieldRule | null {
  const text = (value ?? '').trim();
  return text && !PHONE_PATTERN.test(text) ? 'format' : null;
}

/** A code (employee number, card number): required, at most 32 characters, CODE_PATTERN. */
export function codeRule(value: string | undefined | null): FieldRule | null {
  const text = (value ?? '').trim();
  if (!text) return 'required';
  if (text.length > CODE_MAX_LENGTH) return 'tooLong';
  return CODE_PATTERN.test(text) ? null : 'format';
}

/** A calendar date: optional, else YYYY-MM-DD naming a real day. */
export function dateRule(value: string | undefined | null): FieldRule | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  if (!DATE_PATTERN.test(text)) return 'format';
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d ? null : 'format';
}

/** A whole number within bounds: required when `required`, else empty passes. */
export function integerRule(
  value: number | string | undefined | null,
  bounds: { min?: number; max?: number; required?: boolean } = {},
): FieldRule | null {
  if (value === undefined || value === null || value === '') return bounds.required ? 'required' : null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isInteger(n)) return 'number';
  if ((bounds.min !== undefined && n < bounds.min) || (bounds.max !== undefined && n > bounds.max)) return 'number';
  return null;
}

/** The mask's stars: what replaces the hidden middle. */
export const MASK_STARS = '****';

/**
 * Spec section 5: "values under 8 characters keep 2 at each end with four stars; longer keep 4 at each end". Where
 * keeping that many would show the whole value (a 4-character value keeping 2 + 2, an 8-character one keeping
 * 4 + 4) fewer are kept, so a masked value always hides at least one character; 2 characters or fewer are all stars.
 */
export function maskSensitive(value: string): string {
  const n = value.length;
  if (n === 0) return '';
  let keep = n < 8 ? 2 : 4;
  while (keep > 0 && keep * 2 >= n) keep -= 1;
  if (keep === 0) return MASK_STARS;
  return `${value.slice(0, keep)}${MASK_STARS}${value.slice(n - keep)}`;
}

/** Whether `sent` is the masked form of `stored`: an edit form sending back what it was shown changes nothing. */
export function isMaskOf(sent: string, stored: string): boolean {
  return sent.includes(MASK_STARS) && maskSensitive(stored) === sent;
}

/** Spec section 5 "{0} [{1}] already exists": the validators' and the duplicate refusals' wording, on every screen. */
export const ALREADY_EXISTS: Label = {
  en: '{0} [{1}] already exists',
  zh: '{0} [{1}] 已存在',
  th: '{0} [{1}] มีอยู่แล้ว',
};
