import type { OwnLineDirection } from '@headway/server/contract';
import { HEADWAY_STATES, labelIn, TRAFFIC_STATES, type TrafficStatus } from '@headway/spec';
import { memo, type ReactNode, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { directionName, formatMinutes } from './labels';
import { assignLanes, chipSize } from './lanes';
import { isReversed } from './placement';
import type { DiagramGap, DiagramLayout, DiagramVehicle } from './types';
import { useWidth } from './use-width';

// One direction of a line: its stations evenly spaced along a track (left to right, or top to bottom in the vertical
// layout; reversed for the down direction of a two-way line), the vehicles running it between them, and the headway
// between each pair of consecutive vehicles.

/** Space before the first and after the last station (px). */
const PAD = 16;
/** Vertical layout: px between two stations. */
const STEP = 28;
/** Compact layout: the least px between two stations (their names are written across); narrower scrolls. */
const MIN_STEP = 16;
const LANE = 24;
const GAP_LANE = 20;
const VERTICAL_LANE = 96;
const VERTICAL_GAP_LANE = 78;

interface Props {
  category: number;
  direction: OwnLineDirection;
  layout: DiagramLayout;
  traffic: ReadonlyMap<number, number> | undefined;
  /** This direction's vehicles between stations (not in a terminal field). */
  vehicles: readonly DiagramVehicle[];
  gaps: readonly DiagramGap[];
  chip: (vehicle: DiagramVehicle) => ReactNode;
  /** Shown after the direction's name (the line map puts its regularity there). */
  extra?: ReactNode;
}

function gapText(gap: DiagramGap): string {
  if (gap.headway === null) return '—';
  const observed = formatMinutes(gap.headway);
  return gap.scheduled === null ? `${observed}′` : `${observed}′/${formatMinutes(gap.scheduled)}′`;
}

export const DirectionTrack = memo(function DirectionTrack(props: Props) {
  const { category, direction, layout, vehicles, gaps } = props;
  const { t, i18n } = useTranslation('lines');
  const body = useRef<HTMLDivElement>(null);
  const width = useWidth(body);
  const n = direction.stations.length;
  const reversed = isReversed(category, direction.direction);
  const vertical = layout === 'vertical';
  /** Share of the way along the drawn axis (0 at its start), for a fractional station index. */
  const axis = useCallback(
    (pos: number) => {
      const share = n > 1 ? Math.min(1, Math.max(0, pos / (n - 1))) : 0;
      return reversed ? 1 - share : share;
    },
    [n, reversed],
  );
  const length = vertical ? (n - 1) * STEP : Math.max(200, (width || 800) - 2 * PAD);
  /** CSS offset along the axis: px in the vertical layout, a share of the measured width otherwise. */
  const offset = (share: number) =>
    vertical ? `${PAD + share * length}px` : `calc(${PAD}px + (100% - ${2 * PAD}px) * ${share})`;

  const placed = useMemo(() => {
    const items = vehicles.map((v) => ({
      at: PAD + axis(v.placement.pos) * length,
      size: vertical ? 20 : chipSize(v.car_name),
    }));
    return { ...assignLanes(items), byKey: new Map(vehicles.map((v) => [v.key, v.placement.pos])) };
  }, [vehicles, length, vertical, axis]);

  const labels = useMemo(() => {
    const shown = gaps.flatMap((g) => {
      const behind = placed.byKey.get(g.behind);
      const ahead = placed.byKey.get(g.ahead);
      if (behind === undefined || ahead === undefined) return [];
      return [{ gap: g, share: (axis(behind) + axis(ahead)) / 2, text: gapText(g) }];
    });
    const lanes = assignLanes(
      shown.map((s) => ({ at: PAD + s.share * length, size: vertical ? 16 : 10 + 6.5 * s.text.length })),
    );
    return { shown, ...lanes };
  }, [gaps, placed, length, vertical, axis]);

  const vehicleLanes = Math.max(1, placed.count);
  const name = directionName(t, category, direction.direction);
  const along = vertical ? 'top' : 'left';
  const across = vertical ? 'left' : 'top';

  return (
    <div
      className={`hw-ld-dir hw-ld-dir--${layout}`}
      data-testid="line-direction"
      data-direction={direction.direction}
      data-reversed={reversed || undefined}
    >
      <div className="hw-ld-dir__head">
        <span className="hw-ld-dir__name">{name}</span>
        <span className="hw-ld-dir__course">
          {t('lines.directions.course', { origin: direction.origin, terminal: direction.terminal })}
        </span>
        {props.extra}
      </div>
      <div
        ref={body}
        className="hw-ld-dir__body"
        style={vertical ? { height: length + 2 * PAD } : { minWidth: (n - 1) * MIN_STEP + 2 * PAD }}
      >
        <div
          className="hw-ld-dir__vehicles"
          style={vertical ? { width: vehicleLanes * VERTICAL_LANE } : { height: vehicleLanes * LANE }}
        >
          {vehicles.map((v, i) => (
            <span
              key={v.key}
              className="hw-ld-dir__slot"
              style={{
                [along]: offset(axis(v.placement.pos)),
                [across]: `${(placed.lanes[i] ?? 0) * (vertical ? VERTICAL_LANE : LANE)}px`,
              }}
            >
              {props.chip(v)}
            </span>
          ))}
        </div>
        <Stations
          stations={direction.stations}
          traffic={props.traffic}
          reversed={reversed}
          vertical={vertical}
          offset={offset}
          language={i18n.language}
        />
        <div
          className="hw-ld-dir__gaps"
          style={vertical ? { width: labels.count * VERTICAL_GAP_LANE } : { height: labels.count * GAP_LANE }}
        >
          {labels.shown.map(({ gap, share, text }, i) => {
            const state = HEADWAY_STATES[gap.state];
            const ahead = vehicles.find((v) => v.key === gap.ahead)?.car_name ?? '';
            const stateText = labelIn(state.label, i18n.language);
            const title =
              gap.headway === null
                ? stateText
                : gap.scheduled === null
                  ? t('lines.diagram.gapUnscheduled', {
                      observed: t('lines.diagram.minutes', { value: formatMinutes(gap.headway) }),
                      ahead,
                      state: stateText,
                    })
                  : t('lines.diagram.gap', {
                      observed: t('lines.diagram.minutes', { value: formatMinutes(gap.headway) }),
                      scheduled: t('lines.diagram.minutes', { value: formatMinutes(gap.scheduled) }),
                      ahead,
                      state: stateText,
                    });
            return (
              <span
                key={`${gap.behind}>${gap.ahead}`}
                className={`hw-ld-gap hw-ld-gap--${gap.state}`}
                style={{
                  [along]: offset(share),
                  [across]: `${(labels.lanes[i] ?? 0) * (vertical ? VERTICAL_GAP_LANE : GAP_LANE)}px`,
                  borderColor: state.hex,
                }}
                title={title}
                data-testid="headway-gap"
                data-state={gap.state}
                data-behind={gap.behind}
                data-ahead={gap.ahead}
              >
                {text}
              </span>
            );
          })}
        </div>
      </div>
    </div>
  );
});

interface StationsProps {
  stations: OwnLineDirection['stations'];
  traffic: ReadonlyMap<number, number> | undefined;
  reversed: boolean;
  vertical: boolean;
  offset: (share: number) => string;
  language: string;
}

/** The track, its stations and their names: redrawn when the traffic or the layout changes, not per vehicle move. */
const Stations = memo(
  function Stations({ stations, traffic, reversed, vertical, offset, language }: StationsProps) {
    const { t } = useTranslation('lines');
    const n = stations.length;
    const along = vertical ? 'top' : 'left';
    return (
      <>
        <div className="hw-ld-dir__track">
          <span className="hw-ld-dir__rail" />
          {stations.map((s, i) => {
            const share = n > 1 ? i / (n - 1) : 0;
            const status = (traffic?.get(s.id) ?? 0) as TrafficStatus;
            const state = TRAFFIC_STATES[status] ?? TRAFFIC_STATES[0];
            const title =
              status === 0
                ? t('lines.diagram.station', { serial: s.serial, name: s.station_name })
                : t('lines.diagram.stationTraffic', {
                    serial: s.serial,
                    name: s.station_name,
                    traffic: labelIn(state.label, language),
                  });
            return (
              <span
                key={s.id}
                className="hw-ld-stop"
                style={{ [along]: offset(reversed ? 1 - share : share), background: state.hex }}
                title={title}
                data-testid="line-station"
                data-station={s.id}
                data-traffic={status}
              />
            );
          })}
        </div>
        <div className="hw-ld-dir__names">
          {stations.map((s, i) => {
            const share = n > 1 ? i / (n - 1) : 0;
            return (
              <span key={s.id} className="hw-ld-dir__station" style={{ [along]: offset(reversed ? 1 - share : share) }}>
                {s.station_name}
              </span>
            );
          })}
        </div>
      </>
    );
  },
  // `offset` is a new function per render of the track but depends only on the layout and width.
  (a, b) =>
    a.stations === b.stations &&
    a.traffic === b.traffic &&
    a.reversed === b.reversed &&
    a.vertical === b.vertical &&
    a.language === b.language &&
    a.offset(1) === b.offset(1),
);
