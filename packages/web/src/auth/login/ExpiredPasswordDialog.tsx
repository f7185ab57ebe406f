import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../api';
import { hashPassword } from '../password';
import { newPasswordRules } from '../password-rules';

interface Values {
  old_password: string;
  new_password: string;
  confirm: string;
}

/** Code 1112 at login: change the expired password without a session (POST /login/password). */
export function ExpiredPasswordDialog({ account, onClose }: { account: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  async function submit() {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await authApi.changeExpiredPassword({
        account: account ?? '',
        old_password: hashPassword(values.old_password),
        new_password: hashPassword(values.new_password),
      });
      message.success(t('login.changed'));
      form.resetFields();
      onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={account !== null}
      title={t('login.expiredTitle')}
      okText={t('login.change')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('login.expiredText')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="old_password" label={t('profile.oldPassword')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={t('profile.newPassword')}
          dependencies={['old_password']}
          rules={newPasswordRules(
            t,
            () => account ?? '',
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
              validator: (_, v) =>
                v === form.getFieldValue('new_password')
                  ? Promise.resolve()
                  : Promise.reject(t('validation.confirmMismatch')),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
