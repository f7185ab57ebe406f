import { RENEWAL_KINDS, type RenewalKind } from '@headway/spec';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { vehicleApi } from '../api';
import { remarkRule } from '../form-rules';
import { codeLabel, fromDay, renewalLabel } from '../labels';
import { showSaveFailure } from './save-failure';

interface Values {
  renew_type: RenewalKind;
  new_time: Dayjs | null;
  remark: string;
}

interface Props {
  /** The vehicle to renew, null when closed. */
  target: { car_id: number; car_name: string } | null;
  /** Which renewals this screen offers (insurance: 0 and 1, expiry: 2, licence: 2 to 4). */
  kinds: readonly RenewalKind[];
  onClose: () => void;
  onSaved: () => void;
}

/** Ask for a renewal: the new date waits for review (Basic → renewal review) before it moves the vehicle's. */
export function RenewalDialog({ target, kinds, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const lang = i18n.language;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue({ renew_type: kinds[0], new_time: null, remark: '' });
  }, [target, kinds, form]);

  async function submit() {
    if (!target) return;
    const v = await form.validateFields();
    setSaving(true);
    try {
      await vehicleApi.renew({
        car_id: target.car_id,
        renew_type: v.renew_type,
        new_time: fromDay(v.new_time) ?? 0,
        remark: (v.remark ?? '').trim(),
      });
      void message.success(t('fleet.review.renewed'));
      onSaved();
    } catch (error) {
      showSaveFailure(error, form, (text) => void message.error(text, 5));
    } finally {
      setSaving(false);
    }
  }

  const newDate = renewalLabel('new_time', lang);
  return (
    <Modal
      open={target !== null}
      title={t('fleet.review.renewTitle', { name: target?.car_name ?? '' })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('common.save', { ns: 'translation' })}
      width={520}
      forceRender
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 7 }} wrapperCol={{ span: 16 }} data-testid="renewal-form">
        <Form.Item name="renew_type" label={renewalLabel('renew_type', lang)}>
          <Select options={kinds.map((k) => ({ value: k, label: codeLabel(RENEWAL_KINDS, k, lang) }))} />
        </Form.Item>
        <Form.Item
          name="new_time"
          label={newDate}
          rules={[{ required: true, message: t('validation.required', { ns: 'translation', field: newDate }) }]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark', { ns: 'translation' })} rules={[remarkRule(t)]}>
          <Input.TextArea rows={2} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
