import { RENEWAL_KINDS, type RenewalKind } from '@headway/spec';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { vehicleApi } from '../api';
import { remarkRule } from '../form-rules';
import { codeLabel, fromDay, renewalLabel } from '../labels';

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
  const [form] = Form.useForm<Values>();
  const lang = i18n.language;
  const newDate = renewalLabel('new_time', lang);
  return (
    <FormDialog<Values, { car_id: number; car_name: string }>
      open={target !== null}
      record={target}
      form={form}
      title={t('fleet.review.renewTitle', { name: target?.car_name ?? '' })}
      initialValues={() => ({ renew_type: kinds[0], new_time: null, remark: '' })}
      onSubmit={async (v) => {
        if (!target) return;
        await vehicleApi.renew({
          car_id: target.car_id,
          renew_type: v.renew_type,
          new_time: fromDay(v.new_time) ?? 0,
          remark: (v.remark ?? '').trim(),
        });
      }}
      savedText={t('fleet.review.renewed')}
      onClose={onClose}
      onSaved={onSaved}
      width={520}
      columns={[7, 16]}
      testId="renewal-form"
    >
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
    </FormDialog>
  );
}
