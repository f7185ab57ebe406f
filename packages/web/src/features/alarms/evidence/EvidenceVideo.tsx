import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmFile } from './api';
import { useEvidenceFile, useObjectUrl } from './use-evidence';

/**
 * The alarm's clip. It starts muted on its own (browsers allow muted autoplay): the dispatcher sees the moment at
 * once, and turns the sound on with the controls.
 */
export function EvidenceVideo({ file }: { file: AlarmFile }) {
  const { t } = useTranslation('safety');
  const bytes = useEvidenceFile(file);
  const url = useObjectUrl(bytes.data);
  if (bytes.isError) return <div className="hw-evidence-empty">{t('safety.evidence.fileFailed')}</div>;
  if (!url) {
    return (
      <div className="hw-evidence-empty">
        <Spin />
      </div>
    );
  }
  return (
    <video
      className="hw-evidence-video"
      src={url}
      controls
      autoPlay
      muted
      playsInline
      preload="auto"
      data-testid="alarm-video"
      aria-label={file.file_name}
    />
  );
}
