import { VEHICLE_TYPES } from '@headway/spec';
import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { type VehicleRecord, vehicleApi } from '../api';
import { codeOptions, vehicleLabel } from '../labels';

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
  const [form] = Form.useForm<Values>();
  const lang = i18n.language;

  const initialValues = (): Partial<Values> => {
    if (!record) return {};
    return { car_type: record.car_type, seat: record.seat, approved_number: record.approved_number };
  };

  async function send(v: Values) {
    if (!record) return;
    await vehicleApi.seat({
      car_id: record.car_id,
      car_type: v.car_type,
      seat: v.seat ?? null,
      approved_number: v.approved_number ?? null,
    });
  }

  return (
    <FormDialog<Values, VehicleRecord>
      open={record !== null}
      record={record}
      form={form}
      title={`${t('fleet.review.editSeats')} · ${record?.car_name ?? ''}`}
      initialValues={initialValues}
      onSubmit={send}
      onClose={onClose}
      onSaved={onSaved}
      width={480}
      columns={[9, 14]}
      testId="seat-form"
    >
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
    </FormDialog>
  );
}
