import { DashboardOutlined, FieldTimeOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { LineHeadways, OwnLine } from '@headway/server/contract';
import { DISPLAY_STATES, type DisplayState, LINE_CATEGORIES, type LineCategory, labelIn } from '@headway/spec';
import { Alert, Button, Card, Tag } from 'antd';
import { memo, useCallback, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { openWindow } from '../../../windows/window-store';
import { LineDiagram } from '../diagram/LineDiagram';
import { formatMinutes } from '../diagram/labels';
import type { DiagramLayout, DiagramVehicle, VehicleAction } from '../diagram/types';
import { useTraffic } from '../traffic/use-traffic';
import { DepartureTimetable } from './DepartureTimetable';
import { lineVehicles } from './line-vehicles';
import type { LiveFixes } from './live-fixes';
import { RegularityFigure } from './RegularityFigure';
import type { Roster } from './roster';

// One line on the line map: its header (name, category, vehicles running, headway regularity, the traffic and
// emulated-replay windows), its diagram and today's departures. Memoised: a live report or a headway poll of another
// line does not render this one.

export interface LineCardProps {
  line: OwnLine;
  layout: DiagramLayout;
  timetableView: 'card' | 'table';
  fixes: LiveFixes;
  roster: Roster;
  headways: LineHeadways | undefined;
  headwaysFailed: boolean;
  onRetryHeadways: (routeCode: string) => void;
}

export const LineCard = memo(function LineCard(props: LineCardProps) {
  const { line, layout, fixes, roster, headways } = props;
  const { t, i18n } = useTranslation('lines');
  const code = line.route_code;
  const subscribe = useCallback((listener: () => void) => fixes.subscribe(code, listener), [fixes, code]);
  const snapshot = useCallback(() => fixes.snapshot(code), [fixes, code]);
  const reports = useSyncExternalStore(subscribe, snapshot);
  const { byStation } = useTraffic(code);

  const language = i18n.language;
  const placed = useMemo(() => {
    const describe = (name: string, state: DisplayState) =>
      t('lines.diagram.vehicle', { name, state: labelIn(DISPLAY_STATES[state].label, language) });
    return lineVehicles({ line, fixes: reports, roster, headways, now: Date.now() / 1000, describe });
  }, [line, reports, roster, headways, t, language]);

  const onVehicleAction = useCallback(
    (action: VehicleAction, v: DiagramVehicle) => {
      const vehicle = { car_id: v.car_id, car_name: v.car_name, imei: v.imei, route_code: code };
      if (action === 'emulatedReplay') openWindow('emulatedReplay', { route_code: code, vehicle });
      else openWindow(action, { vehicle });
    },
    [code],
  );

  const scheduledOf = useMemo(
    () => new Map((headways?.directions ?? []).map((d) => [d.direction, d.scheduled])),
    [headways],
  );
  const directionExtra = useCallback(
    (direction: number) => {
      const scheduled = scheduledOf.get(direction);
      if (scheduled === undefined || scheduled === null) return null;
      return (
        <span className="hw-line-card__scheduled">
          <FieldTimeOutlined aria-hidden />{' '}
          {t('lines.diagram.scheduled', { value: t('lines.diagram.minutes', { value: formatMinutes(scheduled) }) })}
        </span>
      );
    },
    [scheduledOf, t],
  );

  const category = LINE_CATEGORIES[line.category as LineCategory];
  return (
    <Card
      size="small"
      className="hw-line-card"
      data-testid="line-card"
      data-line={code}
      title={
        <div className="hw-line-card__title">
          <span className="hw-line-card__name">{line.route_name}</span>
          {line.route_name !== code && <span className="hw-line-card__code">{code}</span>}
          {category && <Tag>{labelIn(category.label, language)}</Tag>}
          <span className="hw-line-card__count" data-testid="line-running">
            {t('lines.map.running', { count: placed.running })}
          </span>
          <span className="hw-line-card__count">{t('lines.map.inFields', { count: placed.inFields })}</span>
          <RegularityFigure headways={headways} category={line.category} />
        </div>
      }
      extra={
        <div className="hw-line-card__actions">
          <Button
            size="small"
            icon={<DashboardOutlined />}
            onClick={() => openWindow('traffic', { route_code: code })}
            data-testid="open-traffic"
          >
            {t('lines.map.traffic')}
          </Button>
          <Button
            size="small"
            icon={<PlayCircleOutlined />}
            onClick={() => openWindow('emulatedReplay', { route_code: code })}
            data-testid="open-emulated-replay"
          >
            {t('lines.map.emulatedReplay')}
          </Button>
        </div>
      }
    >
      {props.headwaysFailed && (
        <Alert
          type="warning"
          showIcon
          className="hw-line-card__alert"
          title={t('lines.map.failed')}
          action={
            <Button size="small" onClick={() => props.onRetryHeadways(code)}>
              {t('lines.map.retry')}
            </Button>
          }
        />
      )}
      <LineDiagram
        line={line}
        layout={layout}
        traffic={byStation}
        vehicles={placed.vehicles}
        gaps={placed.gaps}
        onVehicleAction={onVehicleAction}
        directionExtra={directionExtra}
      />
      <DepartureTimetable line={line} view={props.timetableView} />
    </Card>
  );
});
