import { App, DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type VehicleRecord, vehicleApi } from '../api';
import { maxRule } from '../form-rules';
import { fromDay, toDay, vehicleLabel } from '../labels';
import { showSaveFailure } from './save-failure';

const DATES = [
  'register_time',
  'expire_time',
  'next_inspection_time',
  'compulsory_insurance_time',
  'commercial_insurance_time',
  'tax_due_date',
] as const;
type Values = { registration_number: string } & Record<(typeof DATES)[number], Dayjs | null>;

interface Props {
  record: VehicleRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The licence review's edit (PUT /basic/cars/certificate): the registration and the dates on the papers. */
export function CertificateDialog({ record, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const lang = i18n.language;

  useEffect(() => {
    if (!record) return;
    form.resetFields();
    form.setFieldsValue({
      registration_number: record.registration_number,
      ...Object.fromEntries(DATES.map((f) => [f, toDay(record[f])])),
    });
  }, [record, form]);

  async function submit() {
    if (!record) return;
    const v = await form.validateFields();
    setSaving(true);
    try {
      await vehicleApi.certificate({
        car_id: record.car_id,
        registration_number: (v.registration_number ?? '').trim(),
        ...Object.fromEntries(DATES.map((f) => [f, fromDay(v[f])])),
      });
      void message.success(t('fleet.saved'));
      onSaved();
    } catch (error) {
      showSaveFailure(error, form, (text) => void message.error(text, 5));
    } finally {
      setSaving(false);
    }
  }

  const register = vehicleLabel('register_time', lang);
  const expire = vehicleLabel('expire_time', lang);
  return (
    <Modal
      open={record !== null}
      title={`${t('fleet.review.editPapers')} · ${record?.car_name ?? ''}`}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('common.save', { ns: 'translation' })}
      width={560}
      forceRender
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 9 }}
        wrapperCol={{ span: 14 }}
        data-testid="certificate-form"
      >
        <Form.Item
          name="registration_number"
          label={vehicleLabel('registration_number', lang)}
          rules={[maxRule(t, 64)]}
        >
          <Input />
        </Form.Item>
        {DATES.map((f) => (
          <Form.Item
            key={f}
            name={f}
            label={vehicleLabel(f, lang)}
            dependencies={f === 'expire_time' ? ['register_time'] : []}
            rules={
              f === 'expire_time'
                ? [
                    {
                      validator: async (_: unknown, value: Dayjs | null) => {
                        const from = form.getFieldValue('register_time') as Dayjs | null;
                        if (value && from && value.isBefore(from, 'day')) {
                          throw new Error(t('fleet.format.after', { field: expire, start: register }));
                        }
                      },
                    },
                  ]
                : []
            }
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
