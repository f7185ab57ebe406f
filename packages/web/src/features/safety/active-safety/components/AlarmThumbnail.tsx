import { CameraOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileType, isMp4 } from '../../../alarms/evidence/api';
import { EvidenceImage } from '../../../alarms/evidence/EvidenceImage';
import { type AlarmDetailRow, evidenceCentreApi } from '../api';
import { useInView } from './use-in-view';

/**
 * The alarm's first image. Nothing is fetched until the card nears the viewport, and nothing at all for an alarm
 * that neither has nor expects files (files announced when the list was read may have arrived since); the list of
 * files is cached, the image's URL lives as long as the card.
 */
export function AlarmThumbnail({ alarm, alt }: { alarm: AlarmDetailRow; alt: string }) {
  const { t } = useTranslation('safety');
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  const hasFiles = alarm.file_count > 0 || alarm.attached_count > 0;
  const files = useQuery({
    queryKey: ['alarm-evidence-files', alarm.alarm_key],
    queryFn: () => evidenceCentreApi.files(alarm.alarm_key),
    enabled: inView && hasFiles,
    staleTime: 60_000,
    retry: false,
  });
  const first = files.data?.find((f) => f.file_type === FileType.image && !isMp4(f));
  const hasVideo = files.data?.some(isMp4) ?? false;
  return (
    <div ref={ref} className="hw-alarm-card__thumb" data-testid="alarm-thumbnail">
      {first ? (
        <EvidenceImage
          file={first}
          alt={alt}
          className="hw-alarm-card__img"
          enabled={inView}
          testId="alarm-thumbnail-img"
        />
      ) : (
        <div className="hw-alarm-card__noimg">
          <CameraOutlined />
          <span>
            {hasFiles && !files.isError && !files.data ? t('safety.centre.loadingImage') : t('safety.centre.noImage')}
          </span>
        </div>
      )}
      {hasVideo && <span className="hw-alarm-card__video">{t('safety.centre.hasVideo')}</span>}
    </div>
  );
}
