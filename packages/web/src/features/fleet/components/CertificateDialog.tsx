import { DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { type VehicleRecord, vehicleApi } from '../api';
import { maxRule } from '../form-rules';
import { fromDay, toDay, vehicleLabel } from '../labels';

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
  const [form] = Form.useForm<Values>();
  const lang = i18n.language;

  const initialValues = (): Partial<Values> => {
    if (!record) return {};
    return {
      registration_number: record.registration_number,
      ...Object.fromEntries(DATES.map((f) => [f, toDay(record[f])])),
    };
  };

  async function send(v: Values) {
    if (!record) return;
    await vehicleApi.certificate({
      car_id: record.car_id,
      registration_number: (v.registration_number ?? '').trim(),
      ...Object.fromEntries(DATES.map((f) => [f, fromDay(v[f])])),
    });
  }

  const register = vehicleLabel('register_time', lang);
  const expire = vehicleLabel('expire_time', lang);
  return (
    <FormDialog<Values, VehicleRecord>
      open={record !== null}
      record={record}
      form={form}
      title={`${t('fleet.review.editPapers')} · ${record?.car_name ?? ''}`}
      initialValues={initialValues}
      onSubmit={send}
      onClose={onClose}
      onSaved={onSaved}
      columns={[9, 14]}
      testId="certificate-form"
    >
      <Form.Item name="registration_number" label={vehicleLabel('registration_number', lang)} rules={[maxRule(t, 64)]}>
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
    </FormDialog>
  );
}
