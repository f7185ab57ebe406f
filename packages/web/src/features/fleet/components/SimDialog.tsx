import { DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { type SimRecord, simApi } from '../api';
import { iccidRule, maxRule, remarkRule, required, simRule, uniqueRule } from '../form-rules';
import { fromDay, simLabel, toDay } from '../labels';

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
  const [form] = Form.useForm<Values>();
  const lang = i18n.language;

  const initialValues = (): Partial<Values> => {
    return record
      ? {
          sim_no: record.sim_no,
          iccid: record.iccid,
          operator: record.operator,
          expire_time: toDay(record.expire_time),
          remark: record.remark,
        }
      : { iccid: '', operator: '', expire_time: null, remark: '' };
  };

  async function send(v: Values) {
    const body = {
      sim_no: v.sim_no.trim(),
      iccid: (v.iccid ?? '').trim(),
      operator: (v.operator ?? '').trim(),
      expire_time: fromDay(v.expire_time),
      remark: (v.remark ?? '').trim(),
    };
    if (record) await simApi.update({ id: record.id, ...body });
    else await simApi.create(body);
  }

  const number = simLabel('sim_no', lang);
  return (
    <FormDialog<Values, SimRecord>
      open={open}
      record={record}
      form={form}
      title={record ? t('fleet.editSim') : t('fleet.addSim')}
      initialValues={initialValues}
      onSubmit={send}
      onClose={onClose}
      onSaved={onSaved}
      width={520}
      testId="sim-form"
    >
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
    </FormDialog>
  );
}
