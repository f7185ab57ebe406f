import { App, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordChangeFields, type PasswordChangeValues } from '../../../auth/PasswordChangeFields';
import { hashPassword } from '../../../auth/password';
import { profileApi } from '../api';

export function PasswordForm({ account }: { account: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordChangeValues>();
  const [saving, setSaving] = useState(false);

  async function save(v: PasswordChangeValues) {
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
    <Form<PasswordChangeValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      onFinish={(v) => void save(v).catch(() => undefined)}
    >
      <PasswordChangeFields account={() => account} />
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('profile.password')}
      </Button>
    </Form>
  );
}
