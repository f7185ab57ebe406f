import { CheckOutlined, SearchOutlined } from '@ant-design/icons';
import type { AlarmDetailRow } from '@headway/server/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Checkbox,
  DatePicker,
  Form,
  Modal,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { formatTime } from '../../../i18n/format';
import { useAlarmPermission } from '../access';
import { useAlarmLanguage, useAlarmText, useCustomAlarmNames } from '../alarm-text';
import { alarmApi } from '../api';
import { alarmCentre, type DetailsRequest, useAlarmCentre } from '../centre/centre-store';
import { DETAILS_KEY, REAL_KEY } from '../centre/keys';
import { FilterSelect } from '../FilterSelect';
import { useFilterOptions } from '../filter-options';
import { AlarmAddress } from './AlarmAddress';
import {
  alarmTypeOptions,
  type DetailsForm,
  type DetailsQuery,
  filterOf,
  initialForm,
  requestOf,
} from './details-filter';
import { HandleDialog } from './HandleDialog';
import '../alarms.css';

function DetailsBody({ request }: { request: DetailsRequest }) {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const client = useQueryClient();
  const text = useAlarmText();
  const lang = useAlarmLanguage();
  const custom = useCustomAlarmNames();
  const canEdit = useAlarmPermission('edit');
  const [form] = Form.useForm<DetailsForm>();
  const initial = useMemo(() => initialForm(request), [request]);
  const routeId = Form.useWatch('routeId', form);
  const options = useFilterOptions(true, routeId);
  const typeOptions = useMemo(() => alarmTypeOptions(lang, custom), [lang, custom]);
  const [resolve, setResolve] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [handling, setHandling] = useState<number[] | null>(null);

  const list = usePagedTable<DetailsQuery, AlarmDetailRow>(
    DETAILS_KEY,
    (query) => alarmApi.details(requestOf(query)),
    filterOf(initial),
  );

  const search = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.days) return;
    setSelected([]);
    list.filter(filterOf({ ...values, days: values.days }));
  };

  const batchRead = () => {
    if (selected.length === 0) {
      message.warning(t('alarms.details.selectAlarm'));
      return;
    }
    setHandling(selected);
  };

  const handled = () => {
    setHandling(null);
    setSelected([]);
    list.reload();
    void client.invalidateQueries({ queryKey: REAL_KEY });
  };

  // Sized to fit the 1100 px dialog without scrolling sideways: identifiers and times stay on one line, names wrap.
  const columns: TableColumnsType<AlarmDetailRow> = [
    { title: t('alarms.column.carName'), dataIndex: 'car_name', render: (name: string, row) => name || row.imei },
    { title: t('alarms.column.lpn'), dataIndex: 'lpn', className: 'hw-alarms__nowrap' },
    { title: t('alarms.column.imei'), dataIndex: 'imei', className: 'hw-alarms__nowrap' },
    { title: t('alarms.column.routeName'), dataIndex: 'route_name' },
    { title: t('alarms.column.alarmType'), key: 'type', render: (_v, row) => text(row) },
    {
      title: t('alarms.column.speed'),
      dataIndex: 'speed',
      align: 'right',
      className: 'hw-alarms__nowrap',
      render: (speed: number) => t('alarms.speedValue', { speed }),
    },
    {
      title: t('alarms.column.eventTime'),
      dataIndex: 'event_time',
      width: 100,
      render: (time: number) => formatTime(time),
    },
    {
      title: (
        <span>
          {t('alarms.column.address')}{' '}
          <Tooltip title={t('alarms.details.resolve')}>
            <Switch
              size="small"
              checked={resolve}
              onChange={setResolve}
              aria-label={t('alarms.details.resolve')}
              data-testid="alarm-resolve"
            />
          </Tooltip>
        </span>
      ),
      key: 'address',
      width: 170,
      render: (_v, row) => <AlarmAddress lat={row.lat} lng={row.lng} resolve={resolve} />,
    },
    {
      title: t('alarms.column.remark'),
      dataIndex: 'remark',
      width: 110,
      render: (remark: string) =>
        remark ? (
          <span className="hw-alarms__remark" title={remark}>
            {remark}
          </span>
        ) : null,
    },
    {
      title: t('alarms.column.action'),
      key: 'action',
      width: 96,
      render: (_v, row) =>
        row.is_readed === 1 ? (
          <Tooltip
            title={
              row.read_by_name || row.read_time
                ? t('alarms.details.readBy', { name: row.read_by_name || '--', time: formatTime(row.read_time) })
                : undefined
            }
          >
            <Tag color="success">{t('alarms.details.read')}</Tag>
          </Tooltip>
        ) : canEdit ? (
          <Button size="small" type="link" onClick={() => setHandling([row.id])} data-testid="alarm-set-read">
            {t('alarms.details.setRead')}
          </Button>
        ) : (
          <Tag>{t('alarms.details.unread')}</Tag>
        ),
    },
  ];

  return (
    <>
      <Form<DetailsForm>
        form={form}
        layout="inline"
        initialValues={initial}
        className="hw-alarms__filters hw-alarms__toolbar"
        onFinish={search}
        data-testid="alarm-details-filters"
      >
        <Form.Item
          name="days"
          label={t('alarms.filter.days')}
          rules={[{ required: true, message: t('alarms.filter.daysRequired') }]}
        >
          <DatePicker.RangePicker allowClear={false} style={{ width: 250 }} />
        </Form.Item>
        <Form.Item name="codes">
          <FilterSelect<number[]>
            multiple
            style={{ width: 240 }}
            label={t('alarms.filter.alarmTypes')}
            options={typeOptions}
          />
        </Form.Item>
        <Form.Item name="routeId">
          <FilterSelect<number>
            style={{ width: 180 }}
            label={t('alarms.filter.line')}
            options={options.lines}
            onChange={() => form.setFieldValue('carIds', [])}
          />
        </Form.Item>
        <Form.Item name="carIds">
          <FilterSelect<number[]>
            multiple
            style={{ width: 200 }}
            label={t('alarms.filter.vehicle')}
            options={options.vehicles}
          />
        </Form.Item>
        <Form.Item name="all" valuePropName="checked">
          <Checkbox data-testid="alarm-all">{t('alarms.filter.all')}</Checkbox>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="alarm-details-search">
            {t('alarms.filter.search')}
          </Button>
        </Form.Item>
        {canEdit && (
          <Form.Item>
            <Button icon={<CheckOutlined />} onClick={batchRead} data-testid="alarm-batch-read">
              {t('alarms.details.batchRead')}
            </Button>
          </Form.Item>
        )}
      </Form>
      <Table<AlarmDetailRow>
        rowKey="id"
        columns={columns}
        rowSelection={
          canEdit
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                getCheckboxProps: (row) => ({ disabled: row.is_readed === 1 }),
              }
            : undefined
        }
        {...list.tableProps}
      />
      {handling && <HandleDialog ids={handling} onClose={() => setHandling(null)} onDone={handled} />}
    </>
  );
}

let opened = 0;

/** The alarm details dialog (spec section 2, 1100 px): every alarm by day range, type, line and vehicle. */
export default function DetailsDialog() {
  const { t } = useTranslation('alarms');
  const request = useAlarmCentre((s) => s.details);
  // Kept while the dialog animates closed; a new request (another vehicle) starts a fresh form.
  const last = useRef<{ request: DetailsRequest; key: number } | null>(null);
  if (request && last.current?.request !== request) last.current = { request, key: ++opened };
  return (
    <Modal
      open={request !== null}
      width={1100}
      title={t('alarms.details.title')}
      onCancel={() => alarmCentre.openDetails(null)}
      footer={null}
      destroyOnHidden
      data-testid="alarm-details-dialog"
    >
      {last.current && <DetailsBody key={last.current.key} request={last.current.request} />}
    </Modal>
  );
}
