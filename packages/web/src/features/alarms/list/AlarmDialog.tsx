import { CameraOutlined, FilterOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { AlarmRealRow } from '@headway/server/contract';
import { LIST_PAGE_SIZES } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Select, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/list-page/ListError';
import { formatTime } from '../../../i18n/format';
import { useAlarmText } from '../alarm-text';
import { alarmApi } from '../api';
import { alarmCentre, useAlarmCentre } from '../centre/centre-store';
import { POLL_MS, REAL_KEY } from '../centre/keys';
import { useFilterOptions } from '../filter-options';
import '../alarms.css';

/** Spec section 9: the alarm dialog pages 50 rows. */
const PAGE_SIZE = LIST_PAGE_SIZES.alarmPopup;

export function rowKey(row: AlarmRealRow): string {
  return `${row.car_id ?? row.imei}:${row.platform_alarm_id}:${row.alarm_type}`;
}

/**
 * The alarm dialog (spec section 2, 1000 px, titled with the count): the live list, one row per vehicle and alarm
 * type, filtered by line. A vehicle's name opens its details; the camera opens the newest alarm's evidence.
 */
export default function AlarmDialog() {
  const { t } = useTranslation('alarms');
  const text = useAlarmText();
  const open = useAlarmCentre((s) => s.listOpen);
  const unread = useAlarmCentre((s) => s.unread);
  const [routeId, setRouteId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: routeId === undefined ? REAL_KEY : [...REAL_KEY, routeId],
    queryFn: () => alarmApi.real(routeId),
    enabled: open,
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
  // The badge's query feeds the line filter's fallback choices when the map's lines are not the user's.
  const all = useQuery({ queryKey: REAL_KEY, queryFn: () => alarmApi.real(), enabled: false });
  const options = useFilterOptions(open, undefined, all.data?.rows);

  // Opening again starts on page 1; the list itself is fetched anew on opening (enabled, and never fresh).
  useEffect(() => {
    if (open) setPage(1);
  }, [open]);

  const count = routeId === undefined ? unread : (list.data?.total ?? 0);
  const columns = useMemo<TableColumnsType<AlarmRealRow>>(
    () => [
      {
        title: t('alarms.column.index'),
        key: 'index',
        width: 56,
        render: (_v, _row, index) => (page - 1) * PAGE_SIZE + index + 1,
      },
      {
        title: t('alarms.column.carName'),
        dataIndex: 'car_name',
        render: (name: string, row) => (
          <Space size={4}>
            <Button
              type="link"
              size="small"
              className="hw-alarms__link"
              disabled={row.car_id === null}
              onClick={() => row.car_id !== null && alarmCentre.openDetails({ carId: row.car_id })}
              data-testid="alarm-row-car"
            >
              {name || row.imei}
            </Button>
            <Tooltip title={t('alarms.list.evidence')}>
              <Button
                type="text"
                size="small"
                icon={<CameraOutlined />}
                aria-label={t('alarms.list.evidenceOf', { car: name || row.imei })}
                onClick={() => alarmCentre.openEvidence(row.last)}
                data-testid="alarm-row-evidence"
              />
            </Tooltip>
          </Space>
        ),
      },
      { title: t('alarms.column.lpn'), dataIndex: 'lpn' },
      { title: t('alarms.column.imei'), dataIndex: 'imei' },
      { title: t('alarms.column.routeName'), dataIndex: 'route_name' },
      { title: t('alarms.column.alarmCount'), dataIndex: 'alarm_count', align: 'right', width: 90 },
      { title: t('alarms.column.alarmType'), key: 'type', render: (_v, row) => text(row) },
      {
        title: t('alarms.column.eventTime'),
        dataIndex: 'event_time',
        width: 170,
        render: (time: number) => formatTime(time),
      },
    ],
    [t, text, page],
  );

  return (
    <Modal
      open={open}
      width={1000}
      title={t('alarms.list.title', { count })}
      onCancel={() => alarmCentre.openList(false)}
      footer={null}
      data-testid="alarm-dialog"
    >
      <div className="hw-alarms__toolbar">
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 240 }}
          placeholder={t('alarms.filter.line')}
          aria-label={t('alarms.filter.line')}
          value={routeId}
          onChange={(value) => {
            setRouteId(value ?? undefined);
            setPage(1);
          }}
          options={options.lines}
          loading={options.loading}
          data-testid="alarm-line-filter"
        />
        <Button
          onClick={() => {
            setRouteId(undefined);
            setPage(1);
          }}
          data-testid="alarm-clear"
        >
          {t('alarms.list.clear')}
        </Button>
        <span className="hw-alarms__spacer" />
        <Button icon={<UnorderedListOutlined />} onClick={() => alarmCentre.openDetails({ routeId })}>
          {t('alarms.list.details')}
        </Button>
        <Button
          icon={<FilterOutlined />}
          onClick={() => alarmCentre.openFilter(true)}
          data-testid="alarm-filter-button"
        >
          {t('alarms.list.alarmFilter')}
        </Button>
      </div>
      <Table<AlarmRealRow>
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching && !list.data}
        scroll={{ y: 480 }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
          showTotal: (total) => t('alarms.total', { total }),
        }}
        locale={
          list.isError ? { emptyText: <ListError error={list.error} onRetry={() => void list.refetch()} /> } : undefined
        }
      />
    </Modal>
  );
}
