import { PhoneOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { CAPABILITY_BITS, hasBit } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WindowVehicle } from '../../../../windows/window-kinds';
import { openWindow } from '../../../../windows/window-store';
import { mapApi } from '../api';
import type { VehicleEntry } from '../fleet-view';
import type { Action } from './InfoBoxActions';

/** A camera name in the vehicle's `channel` list (comma-separated; empty names dropped; `*` = no audio). */
function hasCamera(channel: string | undefined): boolean {
  return (channel ?? '').split(',').some((name) => name.replaceAll('*', '').trim() !== '');
}

/**
 * The info box's video and talk buttons (spec "Vehicle info box": "each only when the device supports it and is
 * online with a channel where needed"): shown when the device has capability bit 6 (video) or 11 (talk), disabled
 * with the reason while the vehicle is offline or its record names no camera channel. The channel list comes from
 * the base info, cached with the info box's own query.
 */
export function useMediaActions(entry: VehicleEntry, vehicle: WindowVehicle): Action[] {
  const { t } = useTranslation('monitoring');
  const video = hasBit(entry.capabilities, CAPABILITY_BITS.video);
  const talk = hasBit(entry.capabilities, CAPABILITY_BITS.talk);
  const info = useQuery({
    queryKey: ['monitoring', 'car-info', entry.imei],
    queryFn: () => mapApi.carInfo(entry.imei),
    enabled: video || talk,
    staleTime: 5 * 60_000,
  });
  const why = !entry.online
    ? t('monitoring.actions.offline')
    : info.isSuccess && !hasCamera(info.data.channel)
      ? t('monitoring.actions.noChannel')
      : undefined;
  const reason = why === undefined ? {} : { disabled: why };
  const actions: Action[] = [];
  if (video) {
    actions.push({
      key: 'video',
      icon: <VideoCameraOutlined />,
      ...reason,
      open: () => openWindow('liveVideo', { vehicle }),
    });
  }
  if (talk) {
    actions.push({ key: 'talk', icon: <PhoneOutlined />, ...reason, open: () => openWindow('talk', { vehicle }) });
  }
  return actions;
}
