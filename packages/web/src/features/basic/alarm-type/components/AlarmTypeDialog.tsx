import { ALARM_LEVELS, labelIn } from '@headway/spec';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FormDialogProps, useFormDialog } from '../../../../components/form-dialog/use-form-dialog';
import { type PlatformAlarmType, platformAlarmApi } from '../api';
import { type AlarmTypeFormValues, alarmTypeBody, formValuesOf, NAME_MAX, REMARK_MAX } from './alarm-type-form';

/** A company's own alarm type (group 200): name (unique in the company), level and remark. */
export function AlarmTypeDialog({ open, editing, onClose, onSaved }: FormDialogProps<PlatformAlarmType>) {
  const { t, i18n } = useTranslation('safety');
  const [form] = Form.useForm<AlarmTypeFormValues>();
  const dialog = useFormDialog(form, {
    open,
    editing,
    valuesOf: formValuesOf,
    save: async (values) => {
      const body = alarmTypeBody(values, editing);
      if ('id' in body) await platformAlarmApi.update(body);
      else await platformAlarmApi.create(body);
      onSaved();
    },
  });

  const nameLabel = t('safety.alarmType.name');
  return (
    <Modal
      {...dialog}
      title={editing ? t('safety.alarmType.editTitle') : t('safety.alarmType.addTitle')}
      onCancel={onClose}
      okText={t('safety.save')}
      cancelText={t('safety.cancel')}
      width={560}
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 17 }}
        data-testid="alarm-type-form"
      >
        <Form.Item
          name="alarm_name"
          label={nameLabel}
          validateDebounce={400}
          rules={[
            { required: true, whitespace: true, message: t('safety.validation.required', { field: nameLabel }) },
            { max: NAME_MAX, message: t('safety.validation.maxLength', { max: NAME_MAX }) },
            {
              validator: async (_, value: string | undefined) => {
                const name = value?.trim();
                if (!name || name.length > NAME_MAX) return;
                if (!(await platformAlarmApi.nameFree(name, editing?.id ?? undefined))) {
                  throw new Error(t('safety.validation.nameTaken', { value: name }));
                }
              },
            },
          ]}
        >
          <Input autoComplete="off" data-testid="alarm-type-name" />
        </Form.Item>
        <Form.Item name="alarm_level" label={t('safety.alarm.level')} rules={[{ required: true }]}>
          <Select
            options={Object.entries(ALARM_LEVELS).map(([level, label]) => ({
              value: Number(level),
              label: labelIn(label, i18n.language),
            }))}
            data-testid="alarm-type-level"
          />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('safety.alarmType.remark')}
          rules={[{ max: REMARK_MAX, message: t('safety.validation.maxLength', { max: REMARK_MAX }) }]}
        >
          <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
