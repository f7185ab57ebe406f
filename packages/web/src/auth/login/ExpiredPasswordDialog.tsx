import { App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackApp } from '../../app/FeedbackApp';
import { authApi } from '../api';
import { PasswordChangeFields, type PasswordChangeValues } from '../PasswordChangeFields';
import { hashPassword } from '../password';

/** Code 1112 at login: change the expired password without a session (POST /login/password). */
export function ExpiredPasswordDialog({ account, onClose }: { account: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordChangeValues>();
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
        <PasswordChangeFields account={() => account ?? ''} />
      </Form>
    </Modal>
  );
}

/** The login page loads this on code 1112; the page has no feedback holders of its own, so it brings them. */
export default function ExpiredPasswordDialogWithFeedback(props: { account: string | null; onClose: () => void }) {
  return (
    <FeedbackApp>
      <ExpiredPasswordDialog {...props} />
    </FeedbackApp>
  );
}
