import { VEHICLE_TYPES } from '@headway/spec';
import { App, Form, InputNumber, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type VehicleRecord, vehicleApi } from '../api';
import { codeOptions, vehicleLabel } from '../labels';
import { showSaveFailure } from './save-failure';

interface Values {
  car_type: number;
  seat: number | null;
  approved_number: number | null;
}

interface Props {
  record: VehicleRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The type review's edit (PUT /basic/cars/seat): type, seats and approved passengers. */
export function SeatDialog({ record, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const lang = i18n.language;

  useEffect(() => {
    if (!record) return;
    form.resetFields();
    form.setFieldsValue({ car_type: record.car_type, seat: record.seat, approved_number: record.approved_number });
  }, [record, form]);

  async function submit() {
    if (!record) return;
    const v = await form.validateFields();
    setSaving(true);
    try {
      await vehicleApi.seat({
        car_id: record.car_id,
        car_type: v.car_type,
        seat: v.seat ?? null,
        approved_number: v.approved_number ?? null,
      });
      void message.success(t('fleet.saved'));
      onSaved();
    } catch (error) {
      showSaveFailure(error, form, (text) => void message.error(text, 5));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={record !== null}
      title={`${t('fleet.review.editSeats')} · ${record?.car_name ?? ''}`}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('common.save', { ns: 'translation' })}
      width={480}
      forceRender
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 9 }} wrapperCol={{ span: 14 }} data-testid="seat-form">
        <Form.Item name="car_type" label={vehicleLabel('car_type', lang)}>
          <Select options={codeOptions(VEHICLE_TYPES, lang)} />
        </Form.Item>
        <Form.Item name="approved_number" label={vehicleLabel('approved_number', lang)}>
          <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="seat"
          label={vehicleLabel('seat', lang)}
          dependencies={['approved_number']}
          rules={[
            {
              validator: async (_: unknown, value: number | null) => {
                const approved = form.getFieldValue('approved_number') as number | null;
                if (value != null && approved != null && value > approved) throw new Error(t('fleet.format.seatAbove'));
              },
            },
          ]}
        >
          <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
