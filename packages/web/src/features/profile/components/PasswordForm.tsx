import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hashPassword } from '../../../auth/password';
import { newPasswordRules } from '../../../auth/password-rules';
import { profileApi } from '../api';

interface Values {
  old_password: string;
  new_password: string;
  confirm: string;
}

export function PasswordForm({ account }: { account: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  async function save(v: Values) {
    setSaving(true);
    try {
      await profileApi.changePassword({
        old_password: hashPassword(v.old_password),
        new_password: hashPassword(v.new_password),
      });
      message.success(t('profile.passwordChanged'));
      form.resetFields();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      onFinish={(v) => void save(v).catch(() => undefined)}
    >
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
        rules={newPasswordRules(
          t,
          () => account,
          () => form.getFieldValue('old_password'),
        )}
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
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('profile.password')}
      </Button>
    </Form>
  );
}
