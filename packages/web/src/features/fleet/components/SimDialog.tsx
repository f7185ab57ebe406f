import { App, DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SimRecord, simApi } from '../api';
import { iccidRule, maxRule, remarkRule, required, simRule, uniqueRule } from '../form-rules';
import { fromDay, simLabel, toDay } from '../labels';
import { showSaveFailure } from './save-failure';

interface Values {
  sim_no: string;
  iccid: string;
  operator: string;
  expire_time: Dayjs | null;
  remark: string;
}

interface Props {
  open: boolean;
  record: SimRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a SIM card. The edit form shows the full number; lists show it masked. */
export function SimDialog({ open, record, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const lang = i18n.language;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? {
            sim_no: record.sim_no,
            iccid: record.iccid,
            operator: record.operator,
            expire_time: toDay(record.expire_time),
            remark: record.remark,
          }
        : { iccid: '', operator: '', expire_time: null, remark: '' },
    );
  }, [open, record, form]);

  async function submit() {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = {
        sim_no: v.sim_no.trim(),
        iccid: (v.iccid ?? '').trim(),
        operator: (v.operator ?? '').trim(),
        expire_time: fromDay(v.expire_time),
        remark: (v.remark ?? '').trim(),
      };
      if (record) await simApi.update({ id: record.id, ...body });
      else await simApi.create(body);
      void message.success(t('fleet.saved'));
      onSaved();
    } catch (error) {
      showSaveFailure(error, form, (text) => void message.error(text, 5));
    } finally {
      setSaving(false);
    }
  }

  const number = simLabel('sim_no', lang);
  return (
    <Modal
      open={open}
      title={record ? t('fleet.editSim') : t('fleet.addSim')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('common.save', { ns: 'translation' })}
      width={520}
      forceRender
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 17 }} data-testid="sim-form">
        <Form.Item
          name="sim_no"
          label={number}
          validateDebounce={400}
          rules={[required(t, number), simRule(t), uniqueRule((value) => simApi.validate(value, record?.id))]}
        >
          <Input autoComplete="off" inputMode="numeric" />
        </Form.Item>
        <Form.Item name="iccid" label={simLabel('iccid', lang)} rules={[iccidRule(t)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="operator" label={simLabel('operator', lang)} rules={[maxRule(t, 64)]}>
          <Input />
        </Form.Item>
        <Form.Item name="expire_time" label={simLabel('expire_time', lang)}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={simLabel('remark', lang)} rules={[remarkRule(t)]}>
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
