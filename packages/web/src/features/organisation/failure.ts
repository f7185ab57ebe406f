import { ErrorCode } from '@headway/spec';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/errors';
import { reactToFailure } from '../../api/react-to-failure';

// What a failed save or delete says: the server answers values (docs/api.md "Basic data: companies, fleets, staff"):
// 1106 `{field, value}` a taken value, 1004 `{rule: 'bound', …counts}` a row still in use, 1004 `{field, rule}` a
// broken rule. A bare "Parameter error" would tell the user nothing, so these are put in words; the rest get the
// request client's usual reaction.

type T = TFunction<['organisation', 'translation']>;
type Details = { field?: unknown; rule?: unknown; value?: unknown; [count: string]: unknown };

const USES = ['vehicles', 'lines', 'employees', 'organisations', 'fleets', 'duties'] as const;

/** The text for a failure, or null when the request client's own reaction is right. */
export function failureText(error: unknown, t: T, labels: Record<string, string>): string | null {
  if (!(error instanceof ApiError) || typeof error.result !== 'object' || error.result === null) return null;
  const details = error.result as Details;
  const field = typeof details.field === 'string' ? (labels[details.field] ?? details.field) : '';
  if (error.code === ErrorCode.accountRegistered && details.rule === 'taken') {
    return t('translation:validation.accountTaken', { field, value: String(details.value ?? '') });
  }
  if (error.code !== ErrorCode.parameter) return null;
  switch (details.rule) {
    case 'bound': {
      const uses = USES.filter((k) => Number(details[k] ?? 0) > 0).map((k) =>
        t(`organisation.uses.${k}`, { count: Number(details[k]) }),
      );
      return t('organisation.bound', { uses: uses.join(', ') });
    }
    case 'required':
      return t('translation:validation.required', { field });
    case 'length':
      return `${field}: ${t('translation:validation.nameLength')}`;
    case 'tooLong':
      return `${field}: ${t('translation:validation.maxLength', { max: 255 })}`;
    case 'unknown':
      return t('organisation.rules.unknown', { field });
    case 'notSystem':
      return t('organisation.rules.notSystem');
    case 'self':
      return t('organisation.rules.self');
    case 'order':
      return details.field === 'parent_id'
        ? t('organisation.rules.parentLoop')
        : t('organisation.rules.invalid', { field });
    default:
      return field ? t('organisation.rules.invalid', { field }) : null;
  }
}

/** Shows a failure: in words when the server said which rule, else as the request client would. */
export function explainFailure(error: unknown, t: T, labels: Record<string, string>, show: (text: string) => void) {
  const text = failureText(error, t, labels);
  if (text) show(text);
  else if (error instanceof ApiError) reactToFailure(error.code, error.message);
  else throw error;
}
