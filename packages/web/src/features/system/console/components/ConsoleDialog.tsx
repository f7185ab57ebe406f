import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConsoleRow, consoleApi } from '../api';
import { type ConsoleFormValues, consoleBody, formValuesOf, lineOptions, userOptions } from './console-form';

interface Props {
  open: boolean;
  /** null creates a console. */
  editing: ConsoleRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Name, remark, and the console's lines and users (spec: "A console (dispatch station) is assigned routes and users"). */
export function ConsoleDialog({ open, editing, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConsoleFormValues>();
  const [saving, setSaving] = useState(false);
  const lines = useQuery({ queryKey: ['console-lines'], queryFn: consoleApi.lines, enabled: open });
  const users = useQuery({ queryKey: ['console-users'], queryFn: consoleApi.users, enabled: open });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(formValuesOf(editing));
  }, [open, editing, form]);

  async function submit() {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const body = consoleBody(values, editing);
      if ('console_id' in body) await consoleApi.update(body);
      else await consoleApi.create(body);
      onSaved();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={editing ? t('console.editTitle') : t('console.addTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('common.save')}
      width={640}
      forceRender
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} data-testid="console-form">
        <Form.Item
          name="console_name"
          label={t('console.consoleName')}
          validateDebounce={400}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('validation.required', { field: t('console.consoleName') }),
            },
            { max: 64, message: t('validation.maxLength', { max: 64 }) },
            {
              validator: async (_, value: string | undefined) => {
                const name = value?.trim();
                if (!name || name.length > 64) return;
                if (!(await consoleApi.nameFree(name, editing?.console_id))) {
                  throw new Error(t('validation.accountTaken', { field: t('console.consoleName'), value: name }));
                }
              },
            },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="route_ids" label={t('console.routes')} extra={t('console.routesHint')}>
          <Select
            mode="multiple"
            allowClear
            loading={lines.isLoading}
            placeholder={t('console.routesPlaceholder')}
            options={lineOptions(lines.data ?? [])}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="console-routes"
          />
        </Form.Item>
        <Form.Item name="user_ids" label={t('console.users')} extra={t('console.usersHint')}>
          <Select
            mode="multiple"
            allowClear
            loading={users.isLoading}
            placeholder={t('console.usersPlaceholder')}
            options={userOptions(users.data ?? [])}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="console-users"
          />
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
