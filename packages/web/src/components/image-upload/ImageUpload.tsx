import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { imageOk } from '@headway/spec';
import { App, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { upload } from '../../api/upload';
import './image-upload.css';

/** What the picture is for: the server decides who may upload by it (docs/uploads.md). */
export type ImageKind = 'vehicle' | 'region' | 'avatar';

export interface ImageUploadProps {
  kind: ImageKind;
  /** The stored picture's address (a form field such as `img_url`). */
  value?: string;
  onChange?: (url: string) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * A form control for a picture: shows it, uploads a new one (JPG or PNG under 2 MB, checked here before a byte is
 * sent and again by the server) and stores the address the server answers; "remove" empties the field.
 */
export function ImageUpload({ kind, value, onChange, disabled, 'data-testid': testId }: ImageUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);

  const send = async (file: File) => {
    setPercent(0);
    try {
      const { url } = await upload<{ url: string }>('/upload', file, {
        query: { data: JSON.stringify({ path: kind, rename: 1 }) },
        onProgress: (sent, total) => setPercent(Math.round((sent / Math.max(total, 1)) * 100)),
      });
      onChange?.(url);
    } catch {
      // The API layer has shown the server's reason.
    } finally {
      setPercent(null);
    }
  };

  return (
    <div className="hw-image-upload" data-testid={testId}>
      {value && <img className="hw-image-upload__preview" src={value} alt="" data-testid="image-upload-preview" />}
      <Space direction="vertical" size={4}>
        <Space>
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            showUploadList={false}
            disabled={disabled || percent !== null}
            beforeUpload={(file) => {
              if (!imageOk(file)) {
                void message.error(t('io.image.rule'));
                return Upload.LIST_IGNORE;
              }
              void send(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={percent !== null} disabled={disabled}>
              {percent !== null
                ? t('io.image.uploading', { percent })
                : value
                  ? t('io.image.replace')
                  : t('io.image.choose')}
            </Button>
          </Upload>
          {value && (
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('io.image.remove')}
              title={t('io.image.remove')}
              disabled={disabled || percent !== null}
              onClick={() => onChange?.('')}
            />
          )}
        </Space>
        <span className="hw-image-upload__rule">{t('io.image.rule')}</span>
      </Space>
    </div>
  );
}
