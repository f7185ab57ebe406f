import type { AlarmBody } from '@headway/server/contract';
import { Alert, Carousel, Empty, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AlarmFile, FileType, isMp4 } from './api';
import type { EvidenceState } from './attachments';
import { EvidenceImage } from './EvidenceImage';
import { EvidenceVideo } from './EvidenceVideo';
import { filesOf } from './use-evidence';

function ImageCarousel({ images, title }: { images: AlarmFile[]; title: string }) {
  const { t } = useTranslation('safety');
  const [current, setCurrent] = useState(0);
  if (images.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('safety.evidence.noImages')} />;
  }
  return (
    <div className="hw-evidence-carousel" data-testid="alarm-images">
      <Carousel arrows dots infinite={false} afterChange={setCurrent}>
        {images.map((file, i) => (
          // react-slick styles the slide element itself; the frame inside is ours.
          <div key={file.relative_path}>
            <div className="hw-evidence-slide">
              <EvidenceImage
                file={file}
                alt={t('safety.evidence.imageAlt', { type: title, n: i + 1 })}
                className="hw-evidence-slide__img"
                testId="alarm-image"
              />
            </div>
          </div>
        ))}
      </Carousel>
      <div className="hw-evidence-carousel__count">
        {t('safety.evidence.imageCount', { n: current + 1, total: images.length })}
      </div>
    </div>
  );
}

function EvidenceStatus({ state, expected }: { state: EvidenceState; expected: number }) {
  const { t } = useTranslation('safety');
  const received = filesOf(state).length;
  switch (state.phase) {
    case 'uploading':
      return (
        <Alert
          type="info"
          showIcon
          icon={<Spin size="small" />}
          data-testid="evidence-uploading"
          title={t('safety.evidence.uploading')}
          description={t('safety.evidence.uploadingProgress', { received, expected })}
        />
      );
    case 'incomplete':
      return received === 0 ? (
        <Alert type="error" showIcon data-testid="evidence-not-found" title={t('safety.evidence.notFound')} />
      ) : (
        <Alert
          type="warning"
          showIcon
          data-testid="evidence-partial"
          title={t('safety.evidence.partial', { received, expected })}
        />
      );
    case 'failed':
      return <Alert type="error" showIcon title={t('safety.evidence.listFailed')} />;
    default:
      return null;
  }
}

/** The alarm's evidence: where the upload stands, a video tab when an MP4 exists, and the images. */
export function EvidencePanel({ alarm, state, title }: { alarm: AlarmBody; state: EvidenceState; title: string }) {
  const { t } = useTranslation('safety');
  if (state.phase === 'loading') {
    return (
      <div className="hw-evidence-empty">
        <Spin />
      </div>
    );
  }
  const files = filesOf(state);
  const videos = files.filter(isMp4);
  const images = files.filter((f) => !isMp4(f) && f.file_type === FileType.image);
  const nothingExpected = state.phase === 'complete' && files.length === 0;
  return (
    <div className="hw-evidence-panel" data-testid="alarm-evidence">
      <EvidenceStatus state={state} expected={alarm.attached_count} />
      {nothingExpected ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('safety.evidence.none')} />
      ) : (
        <Tabs
          size="small"
          items={[
            ...videos.map((file, i) => ({
              key: `video-${file.relative_path}`,
              label: videos.length > 1 ? t('safety.evidence.videoN', { n: i + 1 }) : t('safety.evidence.video'),
              children: <EvidenceVideo file={file} />,
            })),
            {
              key: 'images',
              label: t('safety.evidence.images', { n: images.length }),
              children: <ImageCarousel images={images} title={title} />,
            },
          ]}
        />
      )}
    </div>
  );
}
