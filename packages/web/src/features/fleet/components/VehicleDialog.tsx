import { FUEL_TYPES, parseChannels, VEHICLE_STATES, VEHICLE_TYPES } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select, Tabs, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload/ImageUpload';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { fleetKeys, type VehicleRecord, vehicleApi } from '../api';
import { imageUrlRule, maxRule, nameRule, remarkRule, required, uniqueRule, vinRule } from '../form-rules';
import { codeOptions, fromDay, toDay, vehicleLabel } from '../labels';

// Add or edit a vehicle: the full record of spec section 3 on three tabs (identity and binding, papers and dates,
// technical data), each field checked as the server checks it.

const DATES = [
  'register_time',
  'expire_time',
  'compulsory_insurance_time',
  'commercial_insurance_time',
  'tax_due_date',
  'next_inspection_time',
  'next_maintenance_time',
  'production_date',
  'scrap_date',
  'contract_expiration_date',
] as const;
const NUMBERS = [
  'fuel_100km',
  'fuel_hour',
  'tank',
  'approved_number',
  'seat',
  'gross_weight',
  'curb_weight',
  'length',
  'width',
  'height',
] as const;
const TEXTS = [
  'vin',
  'icon',
  'source',
  'model',
  'engine_model',
  'engine_no',
  'contract_no',
  'registration_number',
  'unit_id',
  'img_url',
  'remark',
  'channel',
] as const;

type DateField = (typeof DATES)[number];
type NumberField = (typeof NUMBERS)[number];
type TextField = (typeof TEXTS)[number];

type Values = {
  car_name: string;
  lpn: string;
  imei: string | null;
  route_id: number | null;
  fleet_id: number | null;
  car_type: number;
  state: number;
  fuel_type: number | null;
} & Record<DateField, Dayjs | null> &
  Record<NumberField, number | null> &
  Record<TextField, string>;

interface Props {
  open: boolean;
  record: VehicleRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Server fields the form shows under another name. */
const FIELD_OF: Record<string, string> = {};

export function VehicleDialog({ open, record, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const [form] = Form.useForm<Values>();
  const lang = i18n.language;
  const label = (key: Parameters<typeof vehicleLabel>[0]) => vehicleLabel(key, lang);
  const choices = useQuery({ queryKey: [fleetKeys.vehicles, 'choices'], queryFn: vehicleApi.choices, enabled: open });
  const devices = useQuery({
    queryKey: [fleetKeys.devices, 'imei'],
    queryFn: () => vehicleApi.devices(),
    enabled: open,
  });
  const channel = Form.useWatch('channel', form) ?? '';

  const initialValues = (): Partial<Values> => {
    if (!record) {
      return { car_type: 0, state: 0, imei: null, route_id: null, fleet_id: null, fuel_type: null };
    }
    const values: Partial<Values> = {
      car_name: record.car_name,
      lpn: record.lpn,
      imei: record.imei || null,
      route_id: record.route_id,
      fleet_id: record.fleet_id,
      car_type: record.car_type,
      state: record.state,
      fuel_type: record.fuel_type,
    };
    for (const f of DATES) values[f] = toDay(record[f]);
    for (const f of NUMBERS) values[f] = record[f];
    for (const f of TEXTS) values[f] = record[f];
    return values;
  };

  async function send(v: Values) {
    const body = {
      car_name: v.car_name.trim(),
      lpn: v.lpn.trim(),
      imei: v.imei ?? '',
      route_id: v.route_id ?? null,
      fleet_id: v.fleet_id ?? null,
      car_type: v.car_type,
      state: v.state,
      fuel_type: v.fuel_type ?? null,
      ...Object.fromEntries(DATES.map((f) => [f, fromDay(v[f])])),
      ...Object.fromEntries(NUMBERS.map((f) => [f, v[f] ?? null])),
      ...Object.fromEntries(TEXTS.map((f) => [f, (v[f] ?? '').trim()])),
    };
    if (record) await vehicleApi.update({ car_id: record.car_id, ...body });
    else await vehicleApi.create(body);
  }

  const notBefore = (start: DateField, end: DateField) => ({
    validator: async (_: unknown, value: Dayjs | null) => {
      const from = form.getFieldValue(start) as Dayjs | null;
      if (value && from && value.isBefore(from, 'day')) {
        throw new Error(t('fleet.format.after', { field: label(end), start: label(start) }));
      }
    },
  });
  const date = (f: DateField, rules: object[] = [], deps: DateField[] = []) => (
    <Col span={12} key={f}>
      <Form.Item name={f} label={label(f)} rules={rules} dependencies={deps}>
        <DatePicker style={{ width: '100%' }} data-testid={`vehicle-form-${f}`} />
      </Form.Item>
    </Col>
  );
  const num = (f: NumberField, precision = 0, rules: object[] = []) => (
    <Col span={12} key={f}>
      <Form.Item name={f} label={label(f)} rules={rules}>
        <InputNumber min={0} max={1_000_000} precision={precision} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  const text = (f: TextField, max = 64, rules: object[] = []) => (
    <Col span={12} key={f}>
      <Form.Item name={f} label={label(f)} rules={[maxRule(t, max), ...rules]}>
        <Input autoComplete="off" />
      </Form.Item>
    </Col>
  );

  const identity = (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item
          name="car_name"
          label={label('car_name')}
          validateDebounce={400}
          rules={[
            required(t, label('car_name')),
            nameRule(t),
            uniqueRule((value) => vehicleApi.validate('car_name', value, record?.car_id)),
          ]}
        >
          <Input autoComplete="off" data-testid="vehicle-form-name" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="lpn"
          label={label('lpn')}
          validateDebounce={400}
          rules={[
            required(t, label('lpn')),
            maxRule(t, 32),
            uniqueRule((value) => vehicleApi.validate('lpn', value, record?.car_id)),
          ]}
        >
          <Input autoComplete="off" data-testid="vehicle-form-lpn" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="imei" label={label('imei')} extra={t('fleet.imeiHelp')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('fleet.none')}
            loading={devices.isFetching}
            data-testid="vehicle-form-imei"
            options={(devices.data ?? []).map((d) => ({
              value: d.imei,
              label: `${d.imei} · ${d.terminal_phone}`,
              // A device in another vehicle is shown but cannot be taken from it here.
              disabled: d.car_id !== null && d.car_id !== record?.car_id,
              title: d.car_id === null ? t('fleet.freeDevice') : t('fleet.inVehicle', { name: d.car_name }),
            }))}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="route_id" label={label('route_id')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('fleet.none')}
            data-testid="vehicle-form-route"
            options={(choices.data?.routes ?? []).map((r) => ({
              value: r.route_id,
              label: `${r.route_name} (${r.route_code})`,
            }))}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="fleet_id" label={label('fleet_id')}>
          <Select
            allowClear
            placeholder={t('fleet.none')}
            options={(choices.data?.fleets ?? []).map((f) => ({ value: f.fleet_id, label: f.fleet_name }))}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="state" label={label('state')}>
          <Select options={codeOptions(VEHICLE_STATES, lang)} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="car_type" label={label('car_type')}>
          <Select options={codeOptions(VEHICLE_TYPES, lang)} />
        </Form.Item>
      </Col>
      {text('vin', 17, [vinRule(t)])}
      <Col span={24}>
        <Form.Item
          name="channel"
          label={label('channel')}
          extra={t('fleet.channelHelp')}
          labelCol={{ span: 4 }}
          rules={[maxRule(t, 255)]}
        >
          <Input placeholder="Front,Door*,Rear" />
        </Form.Item>
        {channel.trim() !== '' && (
          <Form.Item label={t('fleet.channelPreview')} labelCol={{ span: 4 }}>
            {parseChannels(channel).map((c) => (
              <Tag key={c.chn} color={c.audio ? 'blue' : 'default'}>
                {c.chn}. {c.name}
                {c.audio ? '' : ` (${t('fleet.noAudio')})`}
              </Tag>
            ))}
          </Form.Item>
        )}
      </Col>
      <Col span={12}>
        <Form.Item name="img_url" label={label('img_url')} rules={[imageUrlRule(t)]}>
          <ImageUpload kind="vehicle" data-testid="vehicle-form-picture" />
        </Form.Item>
      </Col>
      {text('icon', 128)}
      <Col span={24}>
        <Form.Item name="remark" label={label('remark')} labelCol={{ span: 4 }} rules={[remarkRule(t)]}>
          <Input.TextArea rows={2} maxLength={255} showCount />
        </Form.Item>
      </Col>
    </Row>
  );

  const papers = (
    <Row gutter={16}>
      {text('registration_number')}
      {num('approved_number')}
      {date('register_time')}
      {date('expire_time', [notBefore('register_time', 'expire_time')], ['register_time'])}
      {date('compulsory_insurance_time')}
      {date('commercial_insurance_time')}
      {date('tax_due_date')}
      {date('next_inspection_time')}
      {date('next_maintenance_time')}
      {text('contract_no')}
      {date('contract_expiration_date')}
      {text('unit_id')}
      {text('source')}
    </Row>
  );

  const seatRule = {
    validator: async (_: unknown, value: number | null) => {
      const approved = form.getFieldValue('approved_number') as number | null;
      if (value !== null && value !== undefined && approved !== null && approved !== undefined && value > approved) {
        throw new Error(t('fleet.format.seatAbove'));
      }
    },
  };
  const technical = (
    <Row gutter={16}>
      {text('model')}
      {num('seat', 0, [seatRule])}
      <Col span={12}>
        <Form.Item name="fuel_type" label={label('fuel_type')}>
          <Select allowClear options={codeOptions(FUEL_TYPES, lang)} />
        </Form.Item>
      </Col>
      {num('tank', 1)}
      {num('fuel_100km', 1)}
      {num('fuel_hour', 1)}
      {text('engine_model')}
      {text('engine_no')}
      {num('gross_weight', 0)}
      {num('curb_weight', 0)}
      {num('length')}
      {num('width')}
      {num('height')}
      {date('production_date')}
      {date('scrap_date', [notBefore('production_date', 'scrap_date')], ['production_date'])}
    </Row>
  );

  return (
    <FormDialog<Values, VehicleRecord>
      open={open}
      record={record}
      form={form}
      title={record ? t('fleet.editVehicle') : t('fleet.addVehicle')}
      initialValues={initialValues}
      onSubmit={send}
      fieldNames={FIELD_OF}
      onClose={onClose}
      onSaved={onSaved}
      width={860}
      columns={[8, 16]}
      testId="vehicle-form"
    >
      <Tabs
        items={[
          { key: 'identity', label: t('fleet.sections.identity'), children: identity, forceRender: true },
          { key: 'papers', label: t('fleet.sections.papers'), children: papers, forceRender: true },
          { key: 'technical', label: t('fleet.sections.technical'), children: technical, forceRender: true },
        ]}
      />
    </FormDialog>
  );
}
