import { FilterOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { AlarmRealRow } from '@headway/server/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmCentre, useAlarmCentre } from '../centre/centre-store';
import { POLL_MS } from '../centre/keys';
import { FilterSelect } from '../FilterSelect';
import { useFilterOptions } from '../filter-options';
import { AlarmTable } from './AlarmTable';
import { listQuery } from './list-query';
import '../alarms.css';

const NO_ROWS: readonly AlarmRealRow[] = [];

/**
 * "Alarms (N)": the badge's count, or the filtered list's total. Its own component, so the live batches (four a
 * second in a storm) re-render the title and not the table.
 */
function ListTitle({ total }: { total: number | undefined }) {
  const { t } = useTranslation('alarms');
  const unread = useAlarmCentre((s) => s.unread);
  return <>{t('alarms.list.title', { count: total ?? unread })}</>;
}

/**
 * The alarm dialog (spec section 2, 1000 px, titled with the count): the live list, one row per vehicle and alarm
 * type, filtered by line. A vehicle's name opens its details; the camera opens the newest alarm's evidence.
 */
export default function AlarmDialog() {
  const { t } = useTranslation('alarms');
  const open = useAlarmCentre((s) => s.listOpen);
  const [routeId, setRouteId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...listQuery(routeId), enabled: open, refetchInterval: POLL_MS });
  // The unfiltered list (when fetched) feeds the line filter's fallback choices when the map's lines are not the
  // user's.
  const all = useQuery({ ...listQuery(undefined), enabled: false });
  const options = useFilterOptions(open, undefined, all.data?.rows);

  // Opening again starts on page 1; the list itself is fetched anew on opening (enabled, and fresh for 2 s only).
  useEffect(() => {
    if (open) setPage(1);
  }, [open]);

  const { refetch } = list;
  const retry = useCallback(() => void refetch(), [refetch]);

  return (
    <Modal
      open={open}
      width={1000}
      title={<ListTitle total={routeId === undefined ? undefined : (list.data?.total ?? 0)} />}
      onCancel={() => alarmCentre.openList(false)}
      footer={null}
      data-testid="alarm-dialog"
    >
      <div className="hw-alarms__toolbar">
        <FilterSelect<number>
          style={{ width: 240 }}
          label={t('alarms.filter.line')}
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
      <AlarmTable
        rows={list.data?.rows ?? NO_ROWS}
        loading={list.isLoading}
        error={list.isError ? list.error : null}
        onRetry={retry}
        page={page}
        onPage={setPage}
      />
    </Modal>
  );
}
