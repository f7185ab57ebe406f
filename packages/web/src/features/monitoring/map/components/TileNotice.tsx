import { CloudOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Quiet notice when the base map cannot load (offline); the rest of the map keeps working. */
export function TileNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('monitoring');
  return (
    <div className="hw-map-notice" role="status" data-testid="tiles-unavailable">
      <CloudOutlined />
      <span>{t('monitoring.tiles.unavailable')}</span>
      <Button size="small" type="link" onClick={onRetry}>
        {t('monitoring.tiles.retry')}
      </Button>
    </div>
  );
}
