import { SearchOutlined } from '@ant-design/icons';
import type { OwnLine } from '@headway/server/contract';
import { Button, DatePicker, Form, Select, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RosterVehicle } from '../line-map/roster';

// The replay's search card (spec section 4 "Emulated replay modal": time range, line, vehicle).

export interface SearchValues {
  range: [Dayjs, Dayjs] | null;
  route_code: string | undefined;
  car_id: number | undefined;
}

export function SearchCard(props: {
  values: SearchValues;
  onChange: (values: SearchValues) => void;
  onSearch: () => void;
  lines: readonly OwnLine[];
  vehicles: readonly Pick<RosterVehicle, 'car_id' | 'car_name'>[];
  loading: boolean;
  progress: string | null;
}) {
  const { values, onChange, lines, vehicles } = props;
  const { t } = useTranslation('lines');
  const lineOptions = useMemo(
    () =>
      lines.map((l) => ({
        value: l.route_code,
        label: l.route_name === l.route_code ? l.route_name : `${l.route_code} · ${l.route_name}`,
      })),
    [lines],
  );
  const vehicleOptions = useMemo(() => vehicles.map((v) => ({ value: v.car_id, label: v.car_name })), [vehicles]);
  return (
    <Form layout="inline" className="hw-replay__search" onFinish={props.onSearch} data-testid="replay-search">
      <Form.Item label={t('lines.replay.range')} required>
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={values.range}
          onChange={(range) => onChange({ ...values, range: range?.[0] && range[1] ? [range[0], range[1]] : null })}
          aria-label={t('lines.replay.range')}
          data-testid="replay-range"
        />
      </Form.Item>
      <Form.Item label={t('lines.replay.line')} required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          value={values.route_code}
          onChange={(route_code: string) => onChange({ ...values, route_code, car_id: undefined })}
          options={lineOptions}
          aria-label={t('lines.replay.line')}
          data-testid="replay-line"
        />
      </Form.Item>
      <Form.Item label={t('lines.replay.vehicle')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          style={{ width: 130 }}
          placeholder={t('lines.replay.allVehicles')}
          value={values.car_id}
          onChange={(car_id?: number) => onChange({ ...values, car_id })}
          options={vehicleOptions}
          aria-label={t('lines.replay.vehicle')}
          data-testid="replay-vehicle"
        />
      </Form.Item>
      <Form.Item>
        {/* Disabled rather than `loading`: antd animates its spinner out and, when that motion's end event never
            comes (a page drawn in the background), leaves an endless spin behind the button. */}
        <Button
          type="primary"
          htmlType="submit"
          icon={<SearchOutlined />}
          disabled={props.loading}
          data-testid="replay-search-button"
        >
          {t('lines.replay.search')}
        </Button>
      </Form.Item>
      {props.loading && (
        <span className="hw-replay__progress" role="status">
          <Spin size="small" /> {props.progress}
        </span>
      )}
    </Form>
  );
}
