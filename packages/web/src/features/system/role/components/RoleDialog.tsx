import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RoleRow, roleApi } from '../api';
import { roleName, roleRemark } from '../role-label';
import { PermissionMatrix } from './PermissionMatrix';

interface Values {
  role_name: string;
  remark: string;
  permissions: Record<string, number>;
}

interface Props {
  open: boolean;
  role: RoleRow | null;
  /** Shared roles, or a user without the edit bit, only look. */
  readOnly: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function RoleDialog({ open, role, readOnly, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const screens = useQuery({ queryKey: ['role-screens'], queryFn: roleApi.screens, enabled: open, staleTime: 60_000 });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    // A read-only role is only looked at: a built-in one reads in the console language. Edited, it is data.
    form.setFieldsValue({
      role_name: role ? (readOnly ? roleName(t, role) : role.role_name) : '',
      remark: role ? (readOnly ? roleRemark(t, role) : role.remark) : '',
      permissions: role?.permissions ?? {},
    });
  }, [open, role, readOnly, form, t]);

  async function submit() {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = { role_name: v.role_name.trim(), remark: (v.remark ?? '').trim(), permissions: v.permissions ?? {} };
      if (role) await roleApi.update({ ...body, role_id: role.role_id });
      else await roleApi.create(body);
      onSaved();
    } finally {
      setSaving(false);
    }
  }

  const title = readOnly ? t('role.viewTitle') : role ? t('role.editTitle') : t('role.addTitle');
  return (
    <Modal
      open={open}
      title={title}
      width={1000}
      onCancel={onClose}
      onOk={readOnly ? onClose : () => void submit().catch(() => undefined)}
      okText={readOnly ? t('common.ok') : t('common.save')}
      cancelButtonProps={readOnly ? { style: { display: 'none' } } : undefined}
      confirmLoading={saving}
      forceRender
    >
      {role?.is_share === 1 && <Alert type="info" showIcon title={t('role.readOnly')} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="inline" disabled={readOnly} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item
          name="role_name"
          label={t('role.roleName')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required', { field: t('role.roleName') }) },
            { max: 64, message: t('validation.maxLength', { max: 64 }) },
          ]}
        >
          <Input style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')} rules={[{ max: 255 }]}>
          <Input style={{ width: 360 }} />
        </Form.Item>
      </Form>
      <Form form={form} component={false}>
        <Form.Item name="permissions" noStyle>
          <PermissionMatrixField screens={screens.data ?? []} readOnly={readOnly} loading={screens.isLoading} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PermissionMatrixField(props: {
  screens: Parameters<typeof PermissionMatrix>[0]['screens'];
  readOnly: boolean;
  loading: boolean;
  value?: Record<string, number>;
  onChange?: (v: Record<string, number>) => void;
}) {
  return (
    <PermissionMatrix
      screens={props.screens}
      readOnly={props.readOnly}
      value={props.value ?? {}}
      onChange={props.onChange}
    />
  );
}
