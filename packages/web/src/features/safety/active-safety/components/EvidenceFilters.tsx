import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { ALARM_LEVELS, labelIn } from '@headway/spec';
import { Button, DatePicker, Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceTypeLabel, groupLabel } from '../../../alarms/evidence/alarm-labels';
import { FilterSelect } from '../../../alarms/FilterSelect';
import { useFilterOptions } from '../../../alarms/filter-options';
import {
  defaultFilterValues,
  type EvidenceFilterValues,
  MAX_RANGE_DAYS,
  SAFETY_ALARM_TYPES,
  SAFETY_DEVICE_TYPES,
  SAFETY_GROUPS,
} from '../filters';

interface EvidenceFiltersProps {
  onSearch: (values: EvidenceFilterValues) => void;
}

/** Time, line, vehicle, device, type, level and read state; the search applies them, the reset goes back to today. */
export function EvidenceFilters({ onSearch }: EvidenceFiltersProps) {
  const { t, i18n } = useTranslation('safety');
  const lang = i18n.language;
  const [form] = Form.useForm<EvidenceFilterValues>();
  const routeId = Form.useWatch('route_id', form);
  const choices = useFilterOptions(true, routeId ?? undefined);
  const typeOptions = useMemo(
    () =>
      SAFETY_GROUPS.map((group) => ({
        label: groupLabel(group, lang),
        title: groupLabel(group, lang),
        options: SAFETY_ALARM_TYPES.filter((d) => d.group === group).map((d) => ({
          value: d.code,
          label: labelIn(d.label, lang),
        })),
      })),
    [lang],
  );

  return (
    <Form<EvidenceFilterValues>
      form={form}
      layout="inline"
      className="hw-evidence-filters"
      initialValues={defaultFilterValues()}
      onFinish={onSearch}
      data-testid="evidence-filters"
    >
      <Form.Item name="range" label={t('safety.centre.time')}>
        <DatePicker.RangePicker
          showTime
          allowClear={false}
          disabledDate={(day, { from }) => from !== undefined && Math.abs(day.diff(from, 'day')) >= MAX_RANGE_DAYS}
          data-testid="evidence-range"
        />
      </Form.Item>
      <Form.Item name="route_id" label={t('safety.centre.line')}>
        <FilterSelect
          style={{ width: 180 }}
          placeholder={t('safety.centre.all')}
          loading={choices.loading}
          options={choices.lines}
          onChange={() => form.setFieldValue('car_ids', [])}
          data-testid="evidence-line"
        />
      </Form.Item>
      <Form.Item name="car_ids" label={t('safety.centre.vehicle')}>
        <FilterSelect
          multiple
          style={{ width: 200 }}
          placeholder={t('safety.centre.all')}
          loading={choices.loading}
          options={choices.vehicles}
          data-testid="evidence-vehicle"
        />
      </Form.Item>
      <Form.Item name="device_types" label={t('safety.centre.device')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          style={{ width: 180 }}
          placeholder={t('safety.centre.all')}
          options={SAFETY_DEVICE_TYPES.map((type) => ({ value: type, label: deviceTypeLabel(type, lang) }))}
          data-testid="evidence-device"
        />
      </Form.Item>
      <Form.Item name="alarm_codes" label={t('safety.centre.type')}>
        <FilterSelect
          multiple
          style={{ width: 240 }}
          placeholder={t('safety.centre.all')}
          options={typeOptions}
          data-testid="evidence-type"
        />
      </Form.Item>
      <Form.Item name="alarm_level" label={t('safety.centre.level')}>
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('safety.centre.all')}
          options={Object.entries(ALARM_LEVELS).map(([level, label]) => ({
            value: Number(level),
            label: labelIn(label, lang),
          }))}
          data-testid="evidence-level"
        />
      </Form.Item>
      <Form.Item name="read" label={t('safety.centre.readState')}>
        <Select
          style={{ width: 110 }}
          options={[
            { value: 'all', label: t('safety.centre.all') },
            { value: 'unread', label: t('safety.alarm.unread') },
            { value: 'read', label: t('safety.alarm.read') },
          ]}
          data-testid="evidence-read"
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="evidence-search">
          {t('safety.centre.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            form.setFieldsValue(defaultFilterValues());
            onSearch(defaultFilterValues());
          }}
        >
          {t('safety.centre.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
