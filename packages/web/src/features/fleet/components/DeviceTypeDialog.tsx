import { CAPABILITY_BITS, labelIn } from '@headway/spec';
import { Checkbox, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { type DeviceTypeRecord, deviceTypeApi } from '../api';
import { maxRule, nameRule, remarkRule, required, uniqueRule } from '../form-rules';
import { deviceTypeLabel } from '../labels';

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
  const [form] = Form.useForm<Values>();
  const lang = i18n.language;

  const initialValues = (): Partial<Values> => {
    return record
      ? {
          type_name: record.type_name,
          capabilities: BITS.filter((b) => (record.capabilities & (1 << b.bit)) !== 0).map((b) => b.bit),
          channels: record.channels,
          maker: record.maker,
          remark: record.remark,
        }
      : { capabilities: BITS.map((b) => b.bit), channels: 4, maker: '', remark: '' };
  };

  async function send(v: Values) {
    const body = {
      type_name: v.type_name.trim(),
      capabilities: v.capabilities.reduce((mask, bit) => mask | (1 << bit), 0),
      channels: v.channels ?? 0,
      maker: (v.maker ?? '').trim(),
      remark: (v.remark ?? '').trim(),
    };
    if (record) await deviceTypeApi.update({ id: record.id, ...body });
    else await deviceTypeApi.create(body);
  }

  const name = deviceTypeLabel('type_name', lang);
  return (
    <FormDialog<Values, DeviceTypeRecord>
      open={open}
      record={record}
      form={form}
      title={record ? t('fleet.editDeviceType') : t('fleet.addDeviceType')}
      initialValues={initialValues}
      onSubmit={send}
      onClose={onClose}
      onSaved={onSaved}
      testId="device-type-form"
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
    </FormDialog>
  );
}
