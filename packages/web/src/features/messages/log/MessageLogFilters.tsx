import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { COMMAND_STATES, type CommandState } from '@headway/spec';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { stateName } from '../labels';
import { useVehicleChoices } from './vehicle-choices';

export interface MessageLogFilterValues {
  range: [Dayjs, Dayjs];
  car_id?: number;
  account?: string;
  send_state?: CommandState;
}

/** Today, the log screen's default range. */
export function todayFilters(): MessageLogFilterValues {
  return { range: [dayjs().startOf('day'), dayjs().endOf('day')] };
}

/** The query's filters of the form's values. */
export function logFilters(values: MessageLogFilterValues) {
  return {
    start_time: values.range[0].unix(),
    end_time: values.range[1].unix(),
    car_id: values.car_id ?? undefined,
    account: values.account?.trim() || undefined,
    send_state: values.send_state ?? undefined,
  };
}

const STATES = Object.keys(COMMAND_STATES).map(Number) as CommandState[];

/** Time range, vehicle, account and state; search applies them, reset goes back to today. */
export function MessageLogFilters({ onSearch }: { onSearch: (values: MessageLogFilterValues) => void }) {
  const { t, i18n } = useTranslation('messages');
  const [form] = Form.useForm<MessageLogFilterValues>();
  const vehicles = useVehicleChoices();

  return (
    <Form<MessageLogFilterValues>
      form={form}
      layout="inline"
      className="hw-toolbar"
      initialValues={todayFilters()}
      onFinish={onSearch}
      data-testid="message-log-filters"
    >
      <Form.Item name="range" label={t('messages.logScreen.time')}>
        <DatePicker.RangePicker showTime allowClear={false} />
      </Form.Item>
      <Form.Item name="car_id" label={t('messages.logScreen.vehicle')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 180 }}
          placeholder={t('messages.logScreen.all')}
          loading={vehicles.loading}
          options={vehicles.options}
        />
      </Form.Item>
      <Form.Item name="account" label={t('messages.logScreen.account')}>
        <Input allowClear style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="send_state" label={t('messages.logScreen.state')}>
        <Select
          allowClear
          style={{ width: 170 }}
          placeholder={t('messages.logScreen.all')}
          options={STATES.map((s) => ({ value: s, label: stateName(s, i18n.language) }))}
          data-testid="message-log-state"
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="message-log-search">
          {t('messages.logScreen.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            form.setFieldsValue(todayFilters());
            onSearch(todayFilters());
          }}
        >
          {t('messages.logScreen.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
