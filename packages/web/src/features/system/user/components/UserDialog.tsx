import { App, Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hashPassword } from '../../../../auth/password';
import { newPasswordRules } from '../../../../auth/password-rules';
import { useSession } from '../../../../auth/session-store';
import type { RoleRow } from '../../role/api';
import { roleName } from '../../role/role-label';
import { type UserRow, userApi } from '../api';
import { roleChoices } from '../assignable-roles';
import { explainUserFailure } from '../own-account';

interface Values {
  account: string;
  user_name: string;
  password?: string;
  email: string;
  remark: string;
  role_id: number;
  enabled: boolean;
}

interface Props {
  open: boolean;
  /** null creates a user. */
  user: UserRow | null;
  roles: RoleRow[];
  onClose: () => void;
  onSaved: () => void;
}

export function UserDialog({ open, user, roles, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const callerFlag = useSession((s) => s.user?.role_flag);
  const creating = user === null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user) {
      form.setFieldsValue({
        account: user.account,
        user_name: user.user_name,
        email: user.email,
        remark: user.remark,
        role_id: user.role_id,
        enabled: user.state === 0,
      });
    } else {
      form.setFieldsValue({ enabled: true, email: '', remark: '' });
    }
  }, [open, user, form]);

  async function submit() {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const common = {
        user_name: v.user_name.trim(),
        email: (v.email ?? '').trim(),
        remark: (v.remark ?? '').trim(),
        role_id: v.role_id,
        state: (v.enabled ? 0 : 1) as 0 | 1,
      };
      if (creating) {
        await userApi.create({ ...common, account: v.account.trim(), password: hashPassword(v.password ?? '') });
      } else {
        await userApi.update({
          ...common,
          user_id: user.user_id,
          ...(v.password ? { password: hashPassword(v.password) } : {}),
        });
      }
      onSaved();
    } catch (error) {
      explainUserFailure(error, t, (text) => message.error(text, 5));
    } finally {
      setSaving(false);
    }
  }

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('validation.required', { field }),
  });
  return (
    <Modal
      open={open}
      title={creating ? t('user.addTitle') : t('user.editTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('common.save')}
      width={560}
      forceRender
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 17 }} data-testid="user-form">
        <Form.Item
          name="account"
          label={t('user.account')}
          validateDebounce={400}
          rules={[
            required(t('user.account')),
            { min: 3, max: 64, message: t('validation.nameLength') },
            { pattern: /^[A-Za-z0-9._@-]+$/, message: t('validation.accountFormat') },
            {
              validator: async (_, value: string) => {
                if (!creating || !value || value.trim().length < 3) return;
                if (!(await userApi.accountFree(value.trim()))) {
                  throw new Error(t('validation.accountTaken', { field: t('user.account'), value }));
                }
              },
            },
          ]}
        >
          <Input disabled={!creating} autoComplete="off" />
        </Form.Item>
        <Form.Item name="user_name" label={t('user.userName')} rules={[required(t('user.userName')), { max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('user.password')}
          extra={creating ? undefined : t('user.passwordKeep')}
          dependencies={['account']}
          rules={newPasswordRules(t, () => form.getFieldValue('account') ?? '', undefined, !creating)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="role_id"
          label={t('user.role')}
          rules={[{ required: true, message: t('validation.required', { field: t('user.role') }) }]}
        >
          <Select
            options={roleChoices(roles, callerFlag, user?.role_id).map(({ role, disabled }) => ({
              value: role.role_id,
              label: roleName(t, role),
              disabled,
            }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name="email" label={t('common.email')} rules={[{ type: 'email', message: t('validation.email') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="enabled" label={t('common.state')} valuePropName="checked">
          <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('common.remark')}
          rules={[{ max: 255, message: t('validation.maxLength', { max: 255 }) }]}
        >
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
