import type { AlarmBody } from '@headway/server/contract';
import { Badge } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import { formatTime } from '../../../i18n/format';
import { hasPosition } from './AlarmHeader';
import { AlarmModalFrame } from './AlarmModalFrame';
import { EvidenceMap } from './map/EvidenceMap';
import { FollowView } from './map/FollowView';
import { type MapMarker, MarkerLayer } from './map/MarkerLayer';
import { TraceLayer } from './map/TraceLayer';
import { useVehicleTrace } from './vehicle-trace';

// The video pane is the video feature's chunk (mpegts.js only when it plays), loaded with its strings.
const SosVideoPane = lazy(
  async () => (await Promise.all([import('../../video/live/SosVideoPane'), i18n.loadNamespaces('video')]))[0],
);

export interface SosModalProps {
  alarm: AlarmBody;
  onClose: () => void;
}

/**
 * An SOS (spec section 4 "SOS alarm modal"): the alarm's header and the vehicle's live trace from the alarm's
 * position on, followed over the live channel (vehicle-trace.ts), beside the live video of the vehicle's
 * channels on the left (issue 16). A vehicle without a terminal (no imei) gets the map alone.
 */
export default function SosModal({ alarm, onClose }: SosModalProps) {
  const { t } = useTranslation('safety');
  const { trace, current, status, updatedAt } = useVehicleTrace(alarm);
  const path = useMemo(() => trace.map((p) => [p.lng, p.lat] as const), [trace]);
  const now = trace[trace.length - 1];
  const markers = useMemo(() => {
    const out: MapMarker[] = [];
    if (hasPosition(alarm)) out.push({ key: 'alarm', kind: 'alarm', lng: alarm.lng, lat: alarm.lat });
    if (now) out.push({ key: 'vehicle', kind: 'vehicle', lng: now.lng, lat: now.lat });
    return out;
  }, [alarm, now]);
  const follow = useMemo(() => (now ? ([now.lng, now.lat] as const) : null), [now]);
  const centre: readonly [number, number] | null = hasPosition(alarm)
    ? [alarm.lng, alarm.lat]
    : now
      ? [now.lng, now.lat]
      : null;

  return (
    <AlarmModalFrame
      alarm={alarm}
      onClose={onClose}
      className="hw-alarm-modal hw-alarm-modal--sos"
      testId="sos-modal"
      titleClassName="hw-sos-title"
    >
      <div className="hw-sos__panes">
        {alarm.imei && (
          <Suspense fallback={<section className="hw-sos__video" />}>
            <SosVideoPane imei={alarm.imei} />
          </Suspense>
        )}
        <section className="hw-sos__trace" data-testid="sos-trace" data-points={trace.length}>
          <div className="hw-sos__status">
            <Badge
              status={status === 'live' ? 'processing' : status === 'waiting' ? 'default' : 'warning'}
              text={t(`safety.sos.trace.${status}`)}
            />
            {current && (
              <span>
                {t('safety.sos.trace.now', {
                  time: formatTime(current.et),
                  speed: Math.round(current.v * 10) / 10,
                })}
              </span>
            )}
            {updatedAt > 0 && (
              <span className="hw-sos__updated">
                {t('safety.sos.trace.updated', { time: formatTime(Math.floor(updatedAt / 1000)) })}
              </span>
            )}
          </div>
          <EvidenceMap center={centre} testId="sos-map">
            <TraceLayer path={path} />
            <MarkerLayer markers={markers} />
            <FollowView point={follow} />
          </EvidenceMap>
        </section>
      </div>
    </AlarmModalFrame>
  );
}
