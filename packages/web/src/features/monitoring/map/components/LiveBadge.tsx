import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../../../../live/client';

/** Live channel state and the time of the last applied update. */
export function LiveBadge({ status, updatedAt }: { status: LiveStatus; updatedAt: number | null }) {
  const { t } = useTranslation('monitoring');
  const key = status === 'connected' ? 'connected' : status === 'connecting' ? 'connecting' : 'offline';
  return (
    <div className={`hw-livebadge hw-livebadge--${status}`} data-testid="live-badge">
      <i />
      <span>{t(`monitoring.live.${key}`)}</span>
      {updatedAt && (
        <span className="hw-livebadge__time">
          {t('monitoring.live.updated', { time: dayjs(updatedAt).format('HH:mm:ss') })}
        </span>
      )}
    </div>
  );
}
