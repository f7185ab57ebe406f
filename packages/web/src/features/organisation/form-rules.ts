import {
  codeRule,
  dateRule,
  type FieldRule,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  nameRule,
  phoneRule,
  REMARK_MAX_LENGTH,
} from '@headway/spec';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

// The forms' rules, built from @headway/spec's field rules (the ones the server checks), so a form refuses exactly
// what the server would, with the spec's wording: "{0} cannot be empty", "name length 3-64", "{0} [{1}] already
// exists" (the last through the validator calls).

type T = TFunction<['organisation', 'translation']>;

/** An antd rule from a spec check: the check's failure becomes the message. */
function fromCheck(check: (value: string) => FieldRule | null, message: (failure: FieldRule) => string): Rule {
  return {
    validator: async (_, value: unknown) => {
      const failure = check(typeof value === 'string' ? value : value == null ? '' : String(value));
      if (failure) throw new Error(message(failure));
    },
  };
}

export function formRules(t: T) {
  const required = (field: string): Rule => ({
    required: true,
    whitespace: true,
    message: t('translation:validation.required', { field }),
  });
  // A choice (Select) holds a number: antd's whitespace check would call every number empty.
  const choice = (field: string): Rule => ({
    required: true,
    message: t('translation:validation.required', { field }),
  });
  const nameLength = fromCheck(
    (v) => (v.trim() ? nameRule(v) : null),
    () => t('translation:validation.nameLength', { min: NAME_MIN_LENGTH, max: NAME_MAX_LENGTH }),
  );
  const unique = (field: string, free: (value: string) => Promise<boolean>): Rule => ({
    validator: async (_, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return;
      if (!(await free(text))) throw new Error(t('translation:validation.accountTaken', { field, value: text }));
    },
  });
  return {
    required,
    /** A required Select. */
    choice,
    /** Names: required, 3–64 characters after trimming. */
    name: (field: string): Rule[] => [required(field), nameLength],
    /** Required codes (employee number, card number). */
    code: (field: string): Rule[] => [
      required(field),
      fromCheck(
        (v) => (v.trim() ? codeRule(v) : null),
        () => t('organisation.rules.code'),
      ),
    ],
    /** A sensitive code shown masked: the masked value left as it was passes (the server keeps the stored one). */
    secretCode: (shown: string | undefined): Rule[] => [
      fromCheck(
        (v) => (v.trim() && v !== shown ? codeRule(v) : null),
        () => t('organisation.rules.code'),
      ),
    ],
    /** Optional codes: empty passes. */
    optionalCode: (): Rule[] => [
      fromCheck(
        (v) => (v.trim() ? codeRule(v) : null),
        () => t('organisation.rules.code'),
      ),
    ],
    phone: (): Rule[] => [fromCheck(phoneRule, () => t('organisation.rules.phone'))],
    date: (): Rule[] => [fromCheck(dateRule, () => t('organisation.rules.date'))],
    remark: (): Rule[] => [
      { max: REMARK_MAX_LENGTH, message: t('translation:validation.maxLength', { max: REMARK_MAX_LENGTH }) },
    ],
    maxLength: (max: number): Rule[] => [{ max, message: t('translation:validation.maxLength', { max }) }],
    /** A name the company may use once: required, 3–64 characters, free (the validator call). */
    uniqueName: (field: string, free: (value: string) => Promise<boolean>): Rule[] => [
      required(field),
      nameLength,
      unique(field, free),
    ],
    /** "{field} [{value}] already exists" when `free` says the value is taken. */
    unique,
  };
}
