import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../i18n/format';
import { deviceTypeLabel, levelColor, levelLabel } from '../../../alarms/evidence/alarm-labels';
import type { AlarmDetailRow } from '../api';
import { AlarmThumbnail } from './AlarmThumbnail';

interface AlarmCardProps {
  alarm: AlarmDetailRow;
  /** The alarm's name by the text rule. */
  text: string;
  onOpen: (alarm: AlarmDetailRow) => void;
}

/** One alarm of the evidence centre: its first image, what, which vehicle, when, how serious, read or not. */
export function AlarmCard({ alarm, text, onOpen }: AlarmCardProps) {
  const { t, i18n } = useTranslation('safety');
  const unread = alarm.is_readed === 0;
  return (
    <button
      type="button"
      className={`hw-alarm-card${unread ? ' hw-alarm-card--unread' : ''}`}
      onClick={() => onOpen(alarm)}
      data-testid="alarm-card"
      data-alarm-id={alarm.id}
    >
      <AlarmThumbnail alarm={alarm} alt={t('safety.evidence.imageAlt', { type: text, n: 1 })} />
      <div className="hw-alarm-card__tags">
        <Tag color={levelColor(alarm.alarm_level)}>{levelLabel(alarm.alarm_level, i18n.language)}</Tag>
        <Tag>{deviceTypeLabel(alarm.device_type, i18n.language)}</Tag>
      </div>
      <div className="hw-alarm-card__body">
        <div className="hw-alarm-card__type" title={text}>
          {text}
        </div>
        <div className="hw-alarm-card__line" title={alarm.lpn}>
          {alarm.car_name || '--'}
          {alarm.route_name ? <span className="hw-alarm-card__muted"> · {alarm.route_name}</span> : null}
        </div>
        <div className="hw-alarm-card__foot">
          <span className="hw-alarm-card__muted">{formatTime(alarm.event_time)}</span>
          <span className={unread ? 'hw-alarm-card__unread' : 'hw-alarm-card__read'}>
            {unread ? t('safety.alarm.unread') : t('safety.alarm.read')}
          </span>
        </div>
      </div>
    </button>
  );
}
