import { CAPABILITY_BITS, labelIn } from '@headway/spec';
import { App, Checkbox, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceTypeRecord, deviceTypeApi } from '../api';
import { maxRule, nameRule, remarkRule, required, uniqueRule } from '../form-rules';
import { deviceTypeLabel } from '../labels';
import { showSaveFailure } from './save-failure';

interface Values {
  type_name: string;
  capabilities: number[];
  channels: number | null;
  maker: string;
  remark: string;
}

interface Props {
  open: boolean;
  /** null adds a type. */
  record: DeviceTypeRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

const BITS = Object.values(CAPABILITY_BITS);

/** Add or edit a device type: its name and the capabilities (spec capability bits) its devices get. */
export function DeviceTypeDialog({ open, record, onClose, onSaved }: Props) {
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
            type_name: record.type_name,
            capabilities: BITS.filter((b) => (record.capabilities & (1 << b.bit)) !== 0).map((b) => b.bit),
            channels: record.channels,
            maker: record.maker,
            remark: record.remark,
          }
        : { capabilities: BITS.map((b) => b.bit), channels: 4, maker: '', remark: '' },
    );
  }, [open, record, form]);

  async function submit() {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = {
        type_name: v.type_name.trim(),
        capabilities: v.capabilities.reduce((mask, bit) => mask | (1 << bit), 0),
        channels: v.channels ?? 0,
        maker: (v.maker ?? '').trim(),
        remark: (v.remark ?? '').trim(),
      };
      if (record) await deviceTypeApi.update({ id: record.id, ...body });
      else await deviceTypeApi.create(body);
      void message.success(t('fleet.saved'));
      onSaved();
    } catch (error) {
      showSaveFailure(error, form, (text) => void message.error(text, 5));
    } finally {
      setSaving(false);
    }
  }

  const name = deviceTypeLabel('type_name', lang);
  return (
    <Modal
      open={open}
      title={record ? t('fleet.editDeviceType') : t('fleet.addDeviceType')}
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
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 17 }}
        data-testid="device-type-form"
      >
        <Form.Item
          name="type_name"
          label={name}
          validateDebounce={400}
          rules={[required(t, name), nameRule(t), uniqueRule((value) => deviceTypeApi.validate(value, record?.id))]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="capabilities"
          label={deviceTypeLabel('capabilities', lang)}
          extra={t('fleet.format.capabilities')}
        >
          <Checkbox.Group options={BITS.map((b) => ({ value: b.bit, label: labelIn(b.label, lang) }))} />
        </Form.Item>
        <Form.Item name="channels" label={deviceTypeLabel('channels', lang)}>
          <InputNumber min={0} max={64} precision={0} />
        </Form.Item>
        <Form.Item name="maker" label={deviceTypeLabel('maker', lang)} rules={[maxRule(t, 64)]}>
          <Input />
        </Form.Item>
        <Form.Item name="remark" label={deviceTypeLabel('remark', lang)} rules={[remarkRule(t)]}>
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
