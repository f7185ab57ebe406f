import type { UserInfo } from '@headway/server/contract';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../auth/session-store';
import { type ProfileUpdate, profileApi } from '../api';

export function InfoForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const setUser = useSession((s) => s.setUser);
  const [saving, setSaving] = useState(false);

  async function save(values: ProfileUpdate) {
    setSaving(true);
    try {
      const next = await profileApi.update({
        user_name: values.user_name.trim(),
        email: (values.email ?? '').trim(),
        remark: (values.remark ?? '').trim(),
        img_url: (values.img_url ?? '').trim(),
      });
      setUser({ ...user, ...next });
      message.success(t('profile.updated'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form<ProfileUpdate>
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ user_name: user.user_name, email: user.email, remark: user.remark, img_url: user.img_url }}
      onFinish={(v) => void save(v).catch(() => undefined)}
    >
      <Form.Item
        name="user_name"
        label={t('profile.userName')}
        rules={[
          { required: true, whitespace: true, message: t('validation.required', { field: t('profile.userName') }) },
        ]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="email" label={t('common.email')} rules={[{ type: 'email', message: t('validation.email') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="img_url" label={t('profile.imgUrl')} rules={[{ type: 'url', message: t('validation.url') }]}>
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item name="remark" label={t('common.remark')} rules={[{ max: 255 }]}>
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
