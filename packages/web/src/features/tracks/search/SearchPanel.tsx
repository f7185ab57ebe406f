import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnLine } from '../api';
import { presetRange, type SearchInput, TIME_PRESETS, type TimePreset } from './search-rules';
import { LAZY_ABOVE, type VehicleChoice, vehicleChoices } from './vehicle-choices';

interface SearchForm {
  routeCode?: string;
  carIds: number[];
  preset: TimePreset;
  start: Dayjs;
  end: Dayjs;
  moving: boolean;
}

/** "code · name", or one of them when they are the same or one is missing. */
export function lineLabel(code: string, name: string): string {
  if (!code) return name;
  return !name || name === code ? code : `${code} · ${name}`;
}

export interface SearchPanelProps {
  lines: readonly OwnLine[];
  vehicles: readonly VehicleChoice[];
  loading: boolean;
  onSearch: (input: SearchInput) => void;
}

/** Spec "Track search panel": line, vehicles, time preset, start and end, "speed > 0", search. */
export function SearchPanel({ lines, vehicles, loading, onSearch }: SearchPanelProps) {
  const { t } = useTranslation('tracks');
  const [form] = Form.useForm<SearchForm>();
  const [initial] = useState<SearchForm>(() => {
    const [start, end] = presetRange('hour1') as [Dayjs, Dayjs];
    return { carIds: [], preset: 'hour1', start, end, moving: true };
  });
  const routeCode = Form.useWatch('routeCode', form);
  const carIds = Form.useWatch('carIds', form) ?? [];
  const [needle, setNeedle] = useState('');
  const choices = useMemo(
    () => vehicleChoices(vehicles, needle, carIds, routeCode),
    [vehicles, needle, carIds, routeCode],
  );
  const lazy = vehicles.length > LAZY_ABOVE;

  const submit = (values: SearchForm) => {
    // A relative preset means "up to now" at the moment of the search, not when it was picked.
    const range = presetRange(values.preset);
    const [start, end] = range ?? [values.start, values.end];
    if (range) form.setFieldsValue({ start, end });
    onSearch({
      start: start.unix(),
      end: end.unix(),
      carIds: values.carIds ?? [],
      routeCode: values.routeCode,
      moving: values.moving,
    });
  };

  const required = [{ required: true, message: t('tracks.search.required') }];
  return (
    <Form<SearchForm>
      form={form}
      layout="vertical"
      size="small"
      initialValues={initial}
      onFinish={submit}
      className="hw-track-search"
      data-testid="track-search"
      onValuesChange={(changed: Partial<SearchForm>) => {
        if (changed.preset) {
          const range = presetRange(changed.preset);
          if (range) form.setFieldsValue({ start: range[0], end: range[1] });
        } else if (changed.start || changed.end) form.setFieldsValue({ preset: 'custom' });
        if ('routeCode' in changed && changed.routeCode) {
          // Vehicles of another line would silently be left out of the line's query: keep those of this line.
          const keep = new Set(vehicles.filter((v) => v.routeCode === changed.routeCode).map((v) => v.value));
          form.setFieldsValue({ carIds: form.getFieldValue('carIds').filter((id: number) => keep.has(id)) });
        }
      }}
    >
      <Form.Item name="routeCode" label={t('tracks.search.line')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('tracks.search.linePlaceholder')}
          options={lines.map((l) => ({ value: l.route_code, label: lineLabel(l.route_code, l.route_name) }))}
          data-testid="track-line"
        />
      </Form.Item>
      <Form.Item name="carIds" label={t('tracks.search.vehicles')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          showSearch={{ filterOption: false, onSearch: setNeedle, searchValue: needle }}
          onBlur={() => setNeedle('')}
          placeholder={
            lazy ? t('tracks.search.vehiclesLazy', { count: vehicles.length }) : t('tracks.search.vehiclesPlaceholder')
          }
          options={choices.map((c) => ({ value: c.value, label: c.label }))}
          data-testid="track-vehicles"
        />
      </Form.Item>
      <Form.Item name="preset" label={t('tracks.search.preset')}>
        <Select
          options={TIME_PRESETS.map((p) => ({ value: p, label: t(`tracks.search.presets.${p}`) }))}
          data-testid="track-preset"
        />
      </Form.Item>
      <Form.Item name="start" label={t('tracks.search.start')} rules={required}>
        <DatePicker showTime allowClear={false} style={{ width: '100%' }} data-testid="track-start" />
      </Form.Item>
      <Form.Item name="end" label={t('tracks.search.end')} rules={required}>
        <DatePicker showTime allowClear={false} style={{ width: '100%' }} data-testid="track-end" />
      </Form.Item>
      <Form.Item name="moving" label={t('tracks.search.moving')} valuePropName="checked">
        <Switch data-testid="track-moving" />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        icon={<SearchOutlined />}
        loading={loading}
        block
        data-testid="track-submit"
      >
        {t('tracks.search.submit')}
      </Button>
    </Form>
  );
}
