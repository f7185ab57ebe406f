import {
  AimOutlined,
  BarChartOutlined,
  CameraOutlined,
  CodeOutlined,
  HistoryOutlined,
  MessageOutlined,
  NodeIndexOutlined,
} from '@ant-design/icons';
import { CAPABILITY_BITS, hasBit } from '@headway/spec';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WindowVehicle } from '../../../../windows/window-kinds';
import { openWindow } from '../../../../windows/window-store';
import type { VehicleEntry } from '../fleet-view';
import { useMediaActions } from './media-actions';

export interface Action {
  key: string;
  icon: ReactNode;
  /** Why it is off, when it is. */
  disabled?: string;
  open: () => void;
}

/**
 * The info box's footer (spec "Vehicle info box": trace, emulated replay, map replay, …; each only when it can
 * work). Trace, command, send message and snapshot talk to the vehicle, so they need it online (disabled with the
 * reason otherwise); send message and snapshot are offered only when the device can do them (CAPABILITY_BITS 10
 * and 5). The replays and the passenger chart read stored history and are always offered. Video and talk
 * (issue 16) are offered when the device can do them (bits 6 and 11) and need it online with a camera channel.
 */
export function InfoBoxActions({ entry }: { entry: VehicleEntry }) {
  const { t } = useTranslation('monitoring');
  const vehicle: WindowVehicle = {
    car_id: entry.car_id,
    car_name: entry.car_name,
    imei: entry.imei,
    ...(entry.route_code ? { route_code: entry.route_code } : {}),
  };
  const offline = entry.online ? {} : { disabled: t('monitoring.actions.offline') };
  const media = useMediaActions(entry, vehicle);
  const can = (bit: keyof typeof CAPABILITY_BITS) => hasBit(entry.capabilities, CAPABILITY_BITS[bit]);
  const actions: Action[] = [
    { key: 'trace', icon: <AimOutlined />, ...offline, open: () => openWindow('trace', { vehicle }) },
    { key: 'mapReplay', icon: <HistoryOutlined />, open: () => openWindow('mapReplay', { vehicle }) },
    {
      key: 'emulatedReplay',
      icon: <NodeIndexOutlined />,
      ...(entry.route_code ? {} : { disabled: t('monitoring.actions.noLine') }),
      open: () =>
        openWindow('emulatedReplay', { vehicle, ...(entry.route_code ? { route_code: entry.route_code } : {}) }),
    },
    { key: 'passengers', icon: <BarChartOutlined />, open: () => openWindow('passengerChart', { vehicle }) },
    { key: 'command', icon: <CodeOutlined />, ...offline, open: () => openWindow('command', { vehicle }) },
    ...(can('sendMessage')
      ? [
          {
            key: 'chat',
            icon: <MessageOutlined />,
            ...offline,
            open: () => openWindow('chat', { vehicles: [vehicle] }),
          },
        ]
      : []),
    ...(can('snapshot')
      ? [{ key: 'snapshot', icon: <CameraOutlined />, ...offline, open: () => openWindow('snapshot', { vehicle }) }]
      : []),
    ...media,
  ];
  return (
    <div className="hw-infobox__actions" data-testid="info-box-actions">
      {actions.map((a) => (
        <Tooltip key={a.key} title={a.disabled}>
          <Button
            size="small"
            icon={a.icon}
            disabled={a.disabled !== undefined}
            onClick={a.open}
            data-testid={`info-action-${a.key}`}
          >
            {t(`monitoring.actions.${a.key}` as 'monitoring.actions.trace')}
          </Button>
        </Tooltip>
      ))}
    </div>
  );
}
