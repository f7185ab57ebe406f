import type { AlarmBody } from '@headway/server/contract';
import { Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/format';
import { useAlarmText } from '../alarm-text';
import { deviceTypeLabel, levelColor, levelLabel } from './alarm-labels';

/** Spec section 9: coordinates with 6 decimals. */
export function formatLatLng(lat: number, lng: number): string {
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}

/** A position of 0, 0 is a report without a fix, not a place in the Gulf of Guinea. */
export function hasPosition(alarm: Pick<AlarmBody, 'lat' | 'lng'>): boolean {
  return Number.isFinite(alarm.lat) && Number.isFinite(alarm.lng) && (alarm.lat !== 0 || alarm.lng !== 0);
}

/** The alarm modal's and the SOS modal's header: which vehicle, what, how serious, when, how fast, where. */
export function AlarmHeader({ alarm }: { alarm: AlarmBody }) {
  const { t, i18n } = useTranslation('safety');
  const text = useAlarmText();
  const lang = i18n.language;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, md: 3 }}
      className="hw-alarm-header"
      data-testid="alarm-header"
      items={[
        {
          key: 'vehicle',
          label: t('safety.alarm.vehicle'),
          children: (
            <span data-testid="alarm-vehicle">
              {alarm.car_name || '--'}
              {alarm.lpn && alarm.lpn !== alarm.car_name ? ` (${alarm.lpn})` : ''}
            </span>
          ),
        },
        {
          key: 'type',
          label: t('safety.alarm.type'),
          children: (
            <Space size={4} wrap>
              <span data-testid="alarm-type">{text(alarm)}</span>
              <Tag color={levelColor(alarm.alarm_level)} data-testid="alarm-level">
                {levelLabel(alarm.alarm_level, lang)}
              </Tag>
              {alarm.device_type && <Tag>{deviceTypeLabel(alarm.device_type, lang)}</Tag>}
            </Space>
          ),
        },
        { key: 'time', label: t('safety.alarm.time'), children: formatTime(alarm.event_time) },
        {
          key: 'speed',
          label: t('safety.alarm.speed'),
          children: t('safety.alarm.speedValue', { speed: Math.round(alarm.speed * 10) / 10 }),
        },
        { key: 'route', label: t('safety.alarm.route'), children: alarm.route_name || '--' },
        {
          key: 'position',
          label: t('safety.alarm.position'),
          children: hasPosition(alarm) ? formatLatLng(alarm.lat, alarm.lng) : t('safety.alarm.noPosition'),
        },
      ]}
    />
  );
}
