import type { RealData } from '@headway/server/contract';
import { HEADWAY_STATES, labelIn, TRAFFIC_STATES, TRAFFIC_STATUS_CODES } from '@headway/spec';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Result, Select, Spin } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatchedVehicles } from '../../../live/use-live';
import { useSettings } from '../../../shell/settings/use-settings';
import { linesApi, linesKeys } from '../api';
import { useLiveTraffic } from '../traffic/use-traffic';
import { LineCard } from './LineCard';
import { LiveFixes } from './live-fixes';
import { usePickedLines } from './picked-lines';
import { rosterOf } from './roster';
import './line-map.css';

/** Headways are computed from the live state and the last hour's station events: a poll every 15 s is plenty. */
export const HEADWAY_POLL_MS = 15_000;

/**
 * Monitoring → Linear map (MonitoringLineMap): the chosen lines, each with its stations per direction, its live
 * vehicles between them, the headways between consecutive buses and the station traffic states.
 */
export default function MonitoringLineMap() {
  const { t, i18n } = useTranslation('lines');
  const layout = useSettings((s) => (s.line_map_type === 1 ? 'vertical' : 'compact'));
  const columns = useSettings((s) => s.line_map_column_count);
  const timetableView = useSettings((s) => s.line_map_departure_timetable);

  const lines = useQuery({ queryKey: linesKeys.lines, queryFn: linesApi.lines, staleTime: 10 * 60_000 });
  const tree = useQuery({ queryKey: linesKeys.tree, queryFn: linesApi.tree, staleTime: 10 * 60_000 });
  const own = lines.data ?? [];
  const [picked, pick] = usePickedLines(own);
  const shown = useMemo(() => {
    const set = new Set(picked);
    return own.filter((l) => set.has(l.route_code));
  }, [own, picked]);

  const headways = useQueries({
    queries: shown.map((l) => ({
      queryKey: linesKeys.headways(l.route_code),
      queryFn: () => linesApi.headways(l.route_code),
      refetchInterval: HEADWAY_POLL_MS,
      retry: false,
    })),
  });

  const client = useQueryClient();
  const retryHeadways = useCallback(
    (code: string) => void client.refetchQueries({ queryKey: linesKeys.headways(code) }),
    [client],
  );

  const roster = useMemo(() => rosterOf(tree.data), [tree.data]);
  const fixes = useMemo(() => new LiveFixes(), []);

  // The vehicles bound to the shown lines, and any other bus the headway poll found running them.
  const watchKey = useMemo(() => {
    const imeis = new Set<string>();
    for (const l of shown) for (const v of roster.byLine.get(l.route_code) ?? []) imeis.add(v.imei);
    for (const h of headways) for (const d of h.data?.directions ?? []) for (const v of d.vehicles) imeis.add(v.imei);
    return [...imeis].sort().join('\n');
  }, [shown, roster, headways]);
  const watched = useMemo(() => (watchKey === '' ? [] : watchKey.split('\n')), [watchKey]);
  const rosterRef = useRef(roster);
  rosterRef.current = roster;
  const onFixes = useCallback(
    (batch: readonly RealData[]) => fixes.apply(batch, (imei) => rosterRef.current.byImei.get(imei)?.route_code),
    [fixes],
  );
  useWatchedVehicles(watched, onFixes);
  useLiveTraffic();

  const options = useMemo(
    () =>
      own.map((l) => ({
        value: l.route_code,
        label: l.route_name === l.route_code ? l.route_name : `${l.route_code} · ${l.route_name}`,
      })),
    [own],
  );

  if (lines.isLoading) return <Spin className="hw-line-map__loading" />;
  if (lines.isError) {
    return <Result status="warning" title={t('lines.map.failed')} />;
  }

  return (
    <div className="hw-line-map" data-testid="line-map">
      <div className="hw-line-map__toolbar">
        <Select
          mode="multiple"
          className="hw-line-map__picker"
          aria-label={t('lines.map.pick')}
          placeholder={t('lines.map.pickPlaceholder')}
          value={picked}
          onChange={pick}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          maxTagCount="responsive"
          allowClear
          data-testid="line-picker"
        />
        <div className="hw-line-map__legend">
          <span className="hw-line-map__legend-title">{t('lines.map.legend')}</span>
          {TRAFFIC_STATUS_CODES.map((code) => (
            <span key={code} className="hw-line-map__legend-item">
              <span
                className="hw-line-map__swatch hw-line-map__swatch--round"
                style={{ background: TRAFFIC_STATES[code].hex }}
              />
              {labelIn(TRAFFIC_STATES[code].label, i18n.language)}
            </span>
          ))}
          <span className="hw-line-map__legend-title">{t('lines.map.headwayLegend')}</span>
          {(['ok', 'bunching', 'gapping'] as const).map((state) => (
            <span key={state} className="hw-line-map__legend-item">
              <span className="hw-line-map__swatch" style={{ borderColor: HEADWAY_STATES[state].hex }} />
              {labelIn(HEADWAY_STATES[state].label, i18n.language)}
            </span>
          ))}
        </div>
      </div>
      {own.length === 0 ? (
        <Empty description={t('lines.map.noLines')} />
      ) : shown.length === 0 ? (
        <Empty description={t('lines.map.nothingPicked')} />
      ) : (
        <div className={`hw-line-map__grid hw-line-map__grid--${columns}`}>
          {shown.map((line, i) => {
            const h = headways[i];
            return (
              <LineCard
                key={line.route_code}
                line={line}
                layout={layout}
                timetableView={timetableView}
                fixes={fixes}
                roster={roster}
                headways={h?.data}
                headwaysFailed={h?.isError === true && h.data === undefined}
                onRetryHeadways={retryHeadways}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}
