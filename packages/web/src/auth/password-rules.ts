import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isStrongPassword, sameAsAccount } from './password';

/**
 * Rules for a new password (spec section 5): required unless `optional`, at least 6 characters with letters and
 * digits, different from the account (case-insensitive MD5) and, when an old one is known, from the old one.
 */
export function newPasswordRules(
  t: TFunction,
  account: () => string,
  oldPassword?: () => string | undefined,
  optional = false,
): FormRule[] {
  return [
    { required: !optional, message: t('validation.required', { field: t('user.password') }) },
    {
      validator: async (_, value: string | undefined) => {
        if (!value) return;
        if (!isStrongPassword(value)) throw new Error(t('validation.passwordRule'));
        const acc = account();
        if (acc && sameAsAccount(value, acc)) throw new Error(t('validation.passwordSameAsAccount'));
        const old = oldPassword?.();
        if (old && old === value) throw new Error(t('validation.passwordSameAsOld'));
      },
    },
  ];
}
