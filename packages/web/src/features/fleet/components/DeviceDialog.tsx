import { PROTOCOL_VERSIONS } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { type DeviceRecord, deviceApi, deviceTypeApi, fleetKeys, simApi } from '../api';
import { imeiRule, phoneRule, remarkRule, required, simRule, uniqueRule } from '../form-rules';
import { deviceLabel } from '../labels';

interface Values {
  imei: string;
  terminal_phone: string;
  protocol_version: string;
  device_type: number | null;
  sim: string;
  remark: string;
}

interface Props {
  open: boolean;
  record: DeviceRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Add or edit a terminal: its phone (the key it registers with), IMEI (the key a vehicle names it by), protocol
 * edition, type (its capabilities) and SIM card. A device saved here may register at once.
 */
export function DeviceDialog({ open, record, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const [form] = Form.useForm<Values>();
  const lang = i18n.language;
  const types = useQuery({
    queryKey: [fleetKeys.deviceTypes, 'choices'],
    queryFn: () => deviceTypeApi.list({ page: 1, limit: 200 }),
    enabled: open,
  });
  const sims = useQuery({
    queryKey: [fleetKeys.sims, 'choices'],
    queryFn: () => simApi.list({ page: 1, limit: 200 }),
    enabled: open,
  });

  const initialValues = (): Partial<Values> => {
    return record
      ? {
          imei: record.imei,
          terminal_phone: record.terminal_phone,
          protocol_version: record.protocol_version,
          device_type: record.device_type,
          sim: record.sim,
          remark: record.remark,
        }
      : { protocol_version: '2013', device_type: null, sim: '', remark: '' };
  };

  async function send(v: Values) {
    const body = {
      imei: v.imei.trim(),
      terminal_phone: v.terminal_phone.trim(),
      protocol_version: v.protocol_version,
      device_type: v.device_type ?? null,
      sim: (v.sim ?? '').trim(),
      remark: (v.remark ?? '').trim(),
    };
    if (record) await deviceApi.update({ id: record.id, ...body });
    else await deviceApi.create(body);
  }

  const imei = deviceLabel('imei', lang);
  const phone = deviceLabel('terminal_phone', lang);
  return (
    <FormDialog<Values, DeviceRecord>
      open={open}
      record={record}
      form={form}
      title={record ? t('fleet.editDevice') : t('fleet.addDevice')}
      initialValues={initialValues}
      onSubmit={send}
      onClose={onClose}
      onSaved={onSaved}
      testId="device-form"
    >
      <Form.Item
        name="terminal_phone"
        label={phone}
        validateDebounce={400}
        rules={[
          required(t, phone),
          phoneRule(t),
          uniqueRule((value) => deviceApi.validate('terminal_phone', value, record?.id)),
        ]}
      >
        <Input autoComplete="off" inputMode="numeric" data-testid="device-form-phone" />
      </Form.Item>
      <Form.Item
        name="imei"
        label={imei}
        validateDebounce={400}
        rules={[required(t, imei), imeiRule(t), uniqueRule((value) => deviceApi.validate('imei', value, record?.id))]}
      >
        <Input autoComplete="off" data-testid="device-form-imei" />
      </Form.Item>
      <Form.Item name="protocol_version" label={deviceLabel('protocol_version', lang)}>
        <Select
          data-testid="device-form-protocol"
          options={PROTOCOL_VERSIONS.map((v) => ({ value: v, label: `JT/T 808-${v}` }))}
        />
      </Form.Item>
      <Form.Item name="device_type" label={deviceLabel('device_type', lang)}>
        <Select
          allowClear
          placeholder={t('fleet.none')}
          loading={types.isFetching}
          options={(types.data?.rows ?? []).map((r) => ({ value: r.id, label: r.type_name }))}
        />
      </Form.Item>
      <Form.Item name="sim" label={deviceLabel('sim', lang)} rules={[simRule(t)]}>
        <AutoComplete
          options={(sims.data?.rows ?? []).map((s) => ({ value: s.sim_no, label: `${s.sim_masked} ${s.operator}` }))}
          filterOption={(input, option) => String(option?.value ?? '').includes(input)}
        />
      </Form.Item>
      <Form.Item name="remark" label={deviceLabel('remark', lang)} rules={[remarkRule(t)]}>
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
    </FormDialog>
  );
}
