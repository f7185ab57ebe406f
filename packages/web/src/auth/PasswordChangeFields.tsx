import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { newPasswordRules } from './password-rules';

/** What both password-change forms collect; the MD5 of each is taken on submit. */
export interface PasswordChangeValues {
  old_password: string;
  new_password: string;
  confirm: string;
}

/**
 * Old, new and confirmation fields with the spec's rules (section 5): used by the profile page and by the
 * expired-password dialog at login, so both enforce the same rules. Render inside a `Form`.
 */
export function PasswordChangeFields({ account }: { account: () => string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PasswordChangeValues>();
  return (
    <>
      <Form.Item
        name="old_password"
        label={t('profile.oldPassword')}
        rules={[{ required: true, message: t('validation.required', { field: t('profile.oldPassword') }) }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="new_password"
        label={t('profile.newPassword')}
        dependencies={['old_password']}
        rules={newPasswordRules(t, account, () => form.getFieldValue('old_password'))}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('profile.confirmPassword')}
        dependencies={['new_password']}
        rules={[
          { required: true, message: t('validation.required', { field: t('profile.confirmPassword') }) },
          {
            validator: async (_, v) => {
              if (v && v !== form.getFieldValue('new_password')) throw new Error(t('validation.confirmMismatch'));
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
