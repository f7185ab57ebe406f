import { ReloadOutlined } from '@ant-design/icons';
import { ErrorCode } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Segmented, Spin, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NETWORK_ERROR, SESSION_CODES } from '../../api/errors';
import { codeMessage, reactToFailure } from '../../api/react-to-failure';
import type { WindowProps } from '../../windows/window-kinds';
import { type PassengerMode, type PassengerRow, passengerApi, passengerKeys } from './api';
import { barOption, type ChartText, categoriesOf, hasCounts, intlLocale } from './bar-option';
import { FloatingPanel } from './FloatingPanel';
import { PassengerBars } from './PassengerBars';
import { QUICK_RANGES, type QuickRange, quickRange } from './quick-ranges';
import './passengers.css';

/**
 * The floating passenger chart (spec section 4): one vehicle's boardings and alightings per hour or per station,
 * over a quick range, from POST /device/passenger/time and /station (docs/passengers.md "The chart").
 */

const WIDTH = 720;
const MODES: PassengerMode[] = ['time', 'station'];

type Props = WindowProps['passengerChart'] & { onClose: () => void };

export default function PassengerChart({ vehicle, onClose }: Props) {
  const { t, i18n } = useTranslation('passengers');
  const [range, setRange] = useState<QuickRange>('today');
  const [mode, setMode] = useState<PassengerMode>('time');
  // Picked once per choice (and on refresh), so "now" does not move the query on every render.
  const [period, setPeriod] = useState(() => quickRange('today', new Date()));
  const body = { car_id: vehicle.car_id, ...period };

  const query = useQuery({
    queryKey: passengerKeys.counts(mode, body),
    queryFn: async () => {
      try {
        return await passengerApi.counts(mode, body);
      } catch (error) {
        // Shown in place; an ended session or a wrong clock still gets the console's usual dialog.
        if (error instanceof ApiError && (SESSION_CODES.has(error.code) || error.code === ErrorCode.timestampSkew)) {
          reactToFailure(error.code, error.message);
        }
        throw error;
      }
    },
    staleTime: 30_000,
  });

  const pick = (next: QuickRange) => {
    setRange(next);
    setPeriod(quickRange(next, new Date()));
  };
  // "Today" and the last days grow with the clock; yesterday stays the same range, so it is asked again.
  const refresh = () => {
    const next = quickRange(range, new Date());
    if (next.start_time === period.start_time && next.end_time === period.end_time) void query.refetch();
    else setPeriod(next);
  };

  const text = useMemo<ChartText>(
    () => ({
      up: t('passengers.chart.up'),
      down: t('passengers.chart.down'),
      other: t('passengers.chart.otherStation'),
      directionUp: t('passengers.chart.directionUp'),
      directionDown: t('passengers.chart.directionDown'),
      stationDetail: (r: PassengerRow) =>
        t('passengers.chart.stationTooltip', {
          name: r.station_name,
          direction: r.direction === 2 ? t('passengers.chart.directions.down') : t('passengers.chart.directions.up'),
          serial: r.serial,
        }),
    }),
    [t],
  );

  const rows = query.data?.rows;
  const language = i18n.language;
  const option = useMemo(() => {
    if (!rows || !hasCounts(rows)) return null;
    return barOption(rows, categoriesOf(rows, mode, language, text), text);
  }, [rows, mode, language, text]);
  const totals = useMemo(
    () => ({
      up: rows?.reduce((n, r) => n + r.up_number, 0) ?? 0,
      down: rows?.reduce((n, r) => n + r.down_number, 0) ?? 0,
    }),
    [rows],
  );
  const span = useMemo(() => {
    const f = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' });
    return f.formatRange(new Date(period.start_time * 1000), new Date(period.end_time * 1000));
  }, [period, language]);

  const name = vehicle.car_name || vehicle.imei;
  const totalsText = t('passengers.chart.totals', totals);

  return (
    <FloatingPanel
      title={t('passengers.chart.title', { name })}
      label={t('passengers.chart.label', { name })}
      width={WIDTH}
      closeLabel={t('passengers.chart.close')}
      dragLabel={t('passengers.chart.drag')}
      onClose={onClose}
      className="hw-passenger-chart"
    >
      <div className="hw-passenger-chart__controls">
        <Segmented<QuickRange>
          aria-label={t('passengers.chart.ranges.label')}
          value={range}
          onChange={pick}
          options={QUICK_RANGES.map((r) => ({ value: r, label: t(`passengers.chart.ranges.${r}`) }))}
          data-testid="passenger-ranges"
        />
        <Segmented<PassengerMode>
          aria-label={t('passengers.chart.modes.label')}
          value={mode}
          onChange={setMode}
          options={MODES.map((m) => ({ value: m, label: t(`passengers.chart.modes.${m}`) }))}
          data-testid="passenger-modes"
        />
        <Tooltip title={t('passengers.chart.refresh')}>
          <Button size="small" icon={<ReloadOutlined />} aria-label={t('passengers.chart.refresh')} onClick={refresh} />
        </Tooltip>
      </div>
      <div className="hw-passenger-chart__summary">
        <span data-testid="passenger-span">{span}</span>
        {option && <span data-testid="passenger-totals">{totalsText}</span>}
      </div>
      <div className="hw-passenger-chart__area" aria-busy={query.isFetching}>
        {query.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('passengers.chart.failed', {
              reason: failureReason(query.error, t('passengers.chart.networkError')),
            })}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                {t('passengers.chart.retry')}
              </Button>
            }
            data-testid="passenger-error"
          />
        ) : query.isPending ? null : option ? (
          <PassengerBars option={option} label={`${t('passengers.chart.label', { name })}: ${totalsText}`} />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('passengers.chart.noData')}
            data-testid="passenger-no-data"
          />
        )}
        {query.isFetching && (
          <div className="hw-passenger-chart__overlay" role="status">
            <Spin />
            <span>{t('passengers.chart.loading')}</span>
          </div>
        )}
      </div>
    </FloatingPanel>
  );
}

function failureReason(error: unknown, network: string): string {
  if (error instanceof ApiError) return error.code === NETWORK_ERROR ? network : codeMessage(error.code, error.message);
  return error instanceof Error ? error.message : String(error);
}
