import type { OwnLine } from '@headway/server/contract';
import { Dropdown, type MenuProps } from 'antd';
import { memo, type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DirectionTrack } from './DirectionTrack';
import type { TerminalField } from './placement';
import type { DiagramGap, DiagramLayout, DiagramVehicle, VehicleAction } from './types';
import './diagram.css';

// The line diagram shared by the line map and the emulated replay: the main terminal field at the start, each
// direction's track, the second terminal field at the end (two-way lines only; loops start and end at the main).

export interface LineDiagramProps {
  line: OwnLine;
  layout: DiagramLayout;
  /** Station id → traffic status; without it every station has the default colour. */
  traffic?: ReadonlyMap<number, number>;
  vehicles: readonly DiagramVehicle[];
  gaps?: readonly DiagramGap[];
  /** Chips open a menu with these actions when given. */
  onVehicleAction?: (action: VehicleAction, vehicle: DiagramVehicle) => void;
  /** Shown in a direction's heading. */
  directionExtra?: (direction: number) => ReactNode;
}

const NO_GAPS: readonly DiagramGap[] = [];
const NO_VEHICLES: readonly DiagramVehicle[] = [];

export const LineDiagram = memo(function LineDiagram(props: LineDiagramProps) {
  const { line, layout, vehicles, onVehicleAction } = props;
  const { t } = useTranslation('lines');
  const gaps = props.gaps ?? NO_GAPS;

  const split = useMemo(() => {
    const fields: Record<TerminalField, DiagramVehicle[]> = { main: [], second: [] };
    const running = new Map<number, DiagramVehicle[]>();
    for (const v of vehicles) {
      if (v.placement.field) fields[v.placement.field].push(v);
      else {
        const list = running.get(v.direction) ?? [];
        list.push(v);
        running.set(v.direction, list);
      }
    }
    const gapsOf = new Map<number, DiagramGap[]>();
    for (const g of gaps) {
      const list = gapsOf.get(g.direction) ?? [];
      list.push(g);
      gapsOf.set(g.direction, list);
    }
    return { fields, running, gapsOf };
  }, [vehicles, gaps]);

  const chip = useCallback(
    (v: DiagramVehicle) => <VehicleChip vehicle={v} onAction={onVehicleAction} />,
    [onVehicleAction],
  );
  const loop = line.category === 1 || line.category === 2;

  return (
    <section
      className={`hw-ld hw-ld--${layout}${loop ? ' hw-ld--loop' : ''}`}
      aria-label={t('lines.diagram.name', { line: line.route_name })}
      data-testid="line-diagram"
    >
      <Field kind="main" vehicles={split.fields.main} chip={chip} />
      <div className="hw-ld__tracks">
        {line.directions.map((d) => (
          <DirectionTrack
            key={d.direction}
            category={line.category}
            direction={d}
            layout={layout}
            traffic={props.traffic}
            vehicles={split.running.get(d.direction) ?? NO_VEHICLES}
            gaps={split.gapsOf.get(d.direction) ?? NO_GAPS}
            chip={chip}
            extra={props.directionExtra?.(d.direction)}
          />
        ))}
      </div>
      {!loop && <Field kind="second" vehicles={split.fields.second} chip={chip} />}
    </section>
  );
});

function Field(props: {
  kind: TerminalField;
  vehicles: readonly DiagramVehicle[];
  chip: (v: DiagramVehicle) => ReactNode;
}) {
  const { t } = useTranslation('lines');
  return (
    <div className={`hw-ld__field hw-ld__field--${props.kind}`} data-testid={`terminal-field-${props.kind}`}>
      <div className="hw-ld__field-title">{t(`lines.fields.${props.kind}`)}</div>
      <div className="hw-ld__field-body">
        {props.vehicles.length === 0 ? (
          <span className="hw-ld__muted">{t('lines.fields.empty')}</span>
        ) : (
          props.vehicles.map((v) => <span key={v.key}>{props.chip(v)}</span>)
        )}
      </div>
    </div>
  );
}

const ACTIONS: readonly VehicleAction[] = ['trace', 'emulatedReplay', 'mapReplay'];

const VehicleChip = memo(function VehicleChip(props: {
  vehicle: DiagramVehicle;
  onAction: ((action: VehicleAction, vehicle: DiagramVehicle) => void) | undefined;
}) {
  const { vehicle, onAction } = props;
  const { t } = useTranslation('lines');
  const body = (
    <button
      type="button"
      className="hw-ld-chip"
      style={{ borderColor: vehicle.colour }}
      title={vehicle.detail}
      aria-label={vehicle.detail}
      data-testid="line-vehicle"
      data-vehicle={vehicle.car_name}
      data-direction={vehicle.direction}
      data-pos={vehicle.placement.field ?? vehicle.placement.pos.toFixed(3)}
      disabled={!onAction}
    >
      <span className="hw-ld-chip__dot" style={{ background: vehicle.colour }} />
      {vehicle.car_name}
    </button>
  );
  if (!onAction) return body;
  const items: MenuProps['items'] = ACTIONS.map((a) => ({ key: a, label: t(`lines.vehicleMenu.${a}`) }));
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onAction(key as VehicleAction, vehicle) }}>
      {body}
    </Dropdown>
  );
});
