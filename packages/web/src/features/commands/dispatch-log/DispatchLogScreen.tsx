import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { COMMAND_STATES, type CommandState, labelIn } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Select, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT } from '../../../api/list';
import { codeMessage } from '../../../api/react-to-failure';
import { ExportMenu } from '../../../components/list-page/export/ExportMenu';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { formatTime } from '../../../i18n/format';
import { FilterSelect } from '../../alarms/FilterSelect';
import { vehicleOptionsOf } from '../../alarms/filter-options';
import { commandsApi, commandsKeys, type DispatchLogQuery, type DispatchLogRow } from '../api';
import { commandName } from './command-name';

interface Filters {
  range: [Dayjs, Dayjs];
  car_id?: number;
  state?: CommandState;
}

const STATE_COLOURS: { readonly [state in CommandState]: string } = {
  0: 'blue',
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'warning',
  5: 'default',
};

function today(): Filters {
  return { range: [dayjs().startOf('day'), dayjs().endOf('day')] };
}

function queryOf(filters: Filters): Omit<DispatchLogQuery, 'page' | 'limit'> {
  return {
    start_time: filters.range[0].unix(),
    end_time: filters.range[1].unix(),
    car_id: filters.car_id,
    state: filters.state,
  };
}

/**
 * System → Command log (SystemLogDispatch): every command sent to a terminal, by whom, with its request, its state
 * and the terminal's result (GET /logs/dispatch, scoped to the company by the server). Today by default.
 */
export default function DispatchLogScreen() {
  const { t, i18n } = useTranslation('commands');
  const [form] = Form.useForm<Filters>();
  const list = usePagedTable<DispatchLogQuery, DispatchLogRow>(
    'dispatch-log',
    commandsApi.dispatchLog,
    queryOf(today()),
  );
  // The vehicles come from the map's tree; a user without the map simply has none to pick.
  const tree = useQuery({
    queryKey: commandsKeys.vehicleTree,
    queryFn: commandsApi.vehicleTree,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const vehicles = useMemo(() => vehicleOptionsOf(tree.data ?? []), [tree.data]);

  const columns = useMemo<TableColumnsType<DispatchLogRow>>(
    () => [
      { title: t('commands.log.carName'), dataIndex: 'car_name', width: 120, ellipsis: true },
      { title: t('commands.log.imei'), dataIndex: 'imei', width: 140 },
      { title: t('commands.log.account'), dataIndex: 'account', width: 110, ellipsis: true },
      {
        title: t('commands.log.command'),
        key: 'command',
        width: 200,
        render: (_: unknown, row) => commandName(row, i18n.language),
      },
      { title: t('commands.log.request'), dataIndex: 'request', ellipsis: { showTitle: true } },
      {
        title: t('commands.log.state'),
        dataIndex: 'state',
        width: 150,
        render: (state: CommandState) => (
          <Tag color={STATE_COLOURS[state]}>{labelIn(COMMAND_STATES[state].label, i18n.language)}</Tag>
        ),
      },
      {
        title: t('commands.log.result'),
        dataIndex: 'result',
        width: 80,
        // Results from 1000 are the platform's codes (1101: no answer); below, the terminal's result byte.
        render: (result: number | null) =>
          result === null ? (
            '--'
          ) : result >= 1000 ? (
            <Tooltip title={codeMessage(result, '')}>{result}</Tooltip>
          ) : (
            result
          ),
      },
      { title: t('commands.log.sendTime'), dataIndex: 'send_time', width: 160, render: formatTime },
      { title: t('commands.log.replyTime'), dataIndex: 'reply_time', width: 160, render: formatTime },
    ],
    [t, i18n.language],
  );

  return (
    <div className="hw-card" data-testid="dispatch-log">
      <Form<Filters>
        form={form}
        layout="inline"
        className="hw-toolbar"
        initialValues={today()}
        onFinish={(values) => list.filter(queryOf(values))}
      >
        <Form.Item name="range" label={t('commands.log.time')}>
          <DatePicker.RangePicker showTime allowClear={false} data-testid="dispatch-log-range" />
        </Form.Item>
        <Form.Item name="car_id" label={t('commands.log.vehicle')}>
          <FilterSelect<number>
            style={{ width: 200 }}
            placeholder={t('commands.log.all')}
            loading={tree.isFetching}
            options={vehicles}
            data-testid="dispatch-log-vehicle"
          />
        </Form.Item>
        <Form.Item name="state" label={t('commands.log.state')}>
          <Select<CommandState>
            allowClear
            style={{ width: 180 }}
            placeholder={t('commands.log.all')}
            options={Object.entries(COMMAND_STATES).map(([state, def]) => ({
              value: Number(state) as CommandState,
              label: labelIn(def.label, i18n.language),
            }))}
            data-testid="dispatch-log-state"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="dispatch-log-search">
          {t('commands.log.search')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            const fresh = today();
            form.setFieldsValue({ ...fresh, car_id: undefined, state: undefined });
            list.filter(queryOf(fresh));
          }}
        >
          {t('commands.log.reset')}
        </Button>
        <ExportMenu
          validate={() => form.validateFields()}
          request={() => ({
            method: 'GET',
            path: '/logs/dispatch/export',
            query: { ...queryOf(form.getFieldsValue(true) as Filters) },
          })}
          paging={{ page: list.query.page ?? 1, limit: list.query.limit ?? DEFAULT_LIMIT }}
          fileBase="commands"
          testId="dispatch-log-export"
        />
      </Form>
      <Table<DispatchLogRow> rowKey="id" {...list.tableProps} columns={columns} scroll={{ x: 1200 }} />
    </div>
  );
}
