import { CameraOutlined } from '@ant-design/icons';
import type { AlarmRealRow } from '@headway/server/contract';
import { LIST_PAGE_SIZES } from '@headway/spec';
import { Button, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/list-page/ListError';
import { formatTime } from '../../../i18n/format';
import { useAlarmText } from '../alarm-text';
import { alarmCentre } from '../centre/centre-store';
import { rowKey } from './shared-rows';

/** Spec section 9: the alarm dialog pages 50 rows. */
export const PAGE_SIZE = LIST_PAGE_SIZES.alarmPopup;

/**
 * The vehicle's name (opens its details) and the camera (the newest alarm's evidence): the heavy part of a row
 * (buttons, a tooltip, an icon), so memoised on the row. Rows keep their identity across fetches while unchanged
 * (shared-rows.ts), so a refetch re-renders only the rows that changed.
 */
const CarCell = memo(function CarCell({ row }: { row: AlarmRealRow }) {
  const { t } = useTranslation('alarms');
  const name = row.car_name || row.imei;
  return (
    <Space size={4}>
      <Button
        type="link"
        size="small"
        className="hw-alarms__link"
        disabled={row.car_id === null}
        onClick={() => row.car_id !== null && alarmCentre.openDetails({ carId: row.car_id })}
        data-testid="alarm-row-car"
      >
        {name}
      </Button>
      <Tooltip title={t('alarms.list.evidence')}>
        <Button
          type="text"
          size="small"
          icon={<CameraOutlined />}
          aria-label={t('alarms.list.evidenceOf', { car: name })}
          onClick={() => alarmCentre.openEvidence(row.last)}
          data-testid="alarm-row-evidence"
        />
      </Tooltip>
    </Space>
  );
});

export interface AlarmTableProps {
  rows: readonly AlarmRealRow[];
  /** The first fetch is under way (no rows yet). */
  loading: boolean;
  /** Why the list failed, or null. */
  error: unknown;
  onRetry: () => void;
  page: number;
  onPage: (page: number) => void;
}

/**
 * The alarm dialog's table, one row per vehicle and alarm type. Memoised on its props: the dialog around it
 * re-renders for its title's count four times a second in a storm, the table only when its rows or page change.
 */
export const AlarmTable = memo(function AlarmTable({ rows, loading, error, onRetry, page, onPage }: AlarmTableProps) {
  const { t } = useTranslation('alarms');
  const text = useAlarmText();
  const columns = useMemo<TableColumnsType<AlarmRealRow>>(
    () => [
      {
        title: t('alarms.column.index'),
        key: 'index',
        width: 56,
        render: (_v, _row, index) => (page - 1) * PAGE_SIZE + index + 1,
      },
      { title: t('alarms.column.carName'), key: 'car', render: (_v, row) => <CarCell row={row} /> },
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
    <Table<AlarmRealRow>
      rowKey={rowKey}
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ y: 480 }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: onPage,
        showTotal: (total) => t('alarms.total', { total }),
      }}
      locale={error ? { emptyText: <ListError error={error} onRetry={onRetry} /> } : undefined}
    />
  );
});
