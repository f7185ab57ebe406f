import { NAME_MAX, NAME_MIN, nameLengthOk, REMARK_MAX } from '@headway/spec';
import { parameterError } from '../kernel/errors.ts';

// Spec section 5's generic rules as the fleet's routes apply them: texts trimmed, names 3–64, remarks ≤ 255,
// formats by pattern, "end time not before start". Each refusal is 1004 naming the field and the rule.

/** A required name of 3 to 64 characters, trimmed. */
export function nameOf(field: string, raw: string): string {
  const text = raw.trim();
  if (text === '') throw parameterError(field, 'required');
  if (!nameLengthOk(text)) throw parameterError(field, `length ${NAME_MIN}-${NAME_MAX}`);
  return text;
}

/** A required text matching `pattern`, trimmed. */
export function codeOf(field: string, raw: string, pattern: RegExp): string {
  const text = raw.trim();
  if (text === '') throw parameterError(field, 'required');
  if (!pattern.test(text)) throw parameterError(field, 'format');
  return text;
}

/** An optional text, trimmed, at most `max` characters; '' when absent. */
export function textOf(field: string, raw: string | undefined, max: number): string {
  const text = raw?.trim() ?? '';
  if (text.length > max) throw parameterError(field, `longer than ${max}`);
  return text;
}

export function remarkOf(raw: string | undefined): string {
  return textOf('remark', raw, REMARK_MAX);
}

/** An optional text that must match `pattern` when given. */
export function optionalCodeOf(field: string, raw: string | undefined, pattern: RegExp): string {
  const text = raw?.trim() ?? '';
  if (text !== '' && !pattern.test(text)) throw parameterError(field, 'format');
  return text;
}

/** One of the table's codes. */
export function codeIn<T extends number>(field: string, value: number, codes: readonly T[]): T {
  if (!(codes as readonly number[]).includes(value)) throw parameterError(field, 'unknown code');
  return value as T;
}

/** "End time not before start": both given and the end earlier. */
export function assertOrder(startField: string, start: number | null, endField: string, end: number | null): void {
  if (start !== null && end !== null && end < start) throw parameterError(endField, `before ${startField}`);
}
