import { FileImageOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import type { AlarmFile } from './api';
import { useEvidenceFile, useObjectUrl } from './use-evidence';

interface EvidenceImageProps {
  file: AlarmFile;
  alt: string;
  className?: string;
  testId?: string;
  /** false holds the download back (a card scrolled out of view). */
  enabled?: boolean;
}

/** One evidence image, fetched with the signed client and shown from a blob URL that dies with the element. */
export function EvidenceImage({ file, alt, className, testId, enabled = true }: EvidenceImageProps) {
  const bytes = useEvidenceFile(file, enabled);
  const url = useObjectUrl(bytes.data);
  if (url) return <img src={url} alt={alt} className={className} data-testid={testId} draggable={false} />;
  return (
    <div className={`hw-evidence-image--empty ${className ?? ''}`} role="img" aria-label={alt}>
      {bytes.isError ? <FileImageOutlined /> : <Spin size="small" />}
    </div>
  );
}
