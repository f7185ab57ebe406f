import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FormDialogProps, useFormDialog } from '../../../../components/form-dialog/use-form-dialog';
import { type ConsoleRow, consoleApi } from '../api';
import { type ConsoleFormValues, consoleBody, formValuesOf, lineOptions, userOptions } from './console-form';

/** Name, remark, and the console's lines and users (spec: "A console (dispatch station) is assigned routes and users"). */
export function ConsoleDialog({ open, editing, onClose, onSaved }: FormDialogProps<ConsoleRow>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConsoleFormValues>();
  const lines = useQuery({ queryKey: ['console-lines'], queryFn: consoleApi.lines, enabled: open });
  const users = useQuery({ queryKey: ['console-users'], queryFn: consoleApi.users, enabled: open });

  const dialog = useFormDialog(form, {
    open,
    editing,
    valuesOf: formValuesOf,
    save: async (values) => {
      const body = consoleBody(values, editing);
      if ('console_id' in body) await consoleApi.update(body);
      else await consoleApi.create(body);
      onSaved();
    },
  });

  return (
    <Modal
      {...dialog}
      title={editing ? t('console.editTitle') : t('console.addTitle')}
      onCancel={onClose}
      okText={t('common.save')}
      width={640}
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
