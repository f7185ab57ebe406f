import { CloudOutlined } from '@ant-design/icons';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BaseTileLayer, MapProvider, providerOf, type TileStatus } from '../../../../map';
import { useSettings } from '../../../../shell/settings/use-settings';

/** Spec section 9: following one vehicle opens at zoom 16 or closer. */
const ZOOM = 16;

interface EvidenceMapProps {
  /** WGS-84 lng/lat the map opens on; null (no position to show) puts a note in the map's place. */
  center: readonly [number, number] | null;
  testId: string;
  children?: ReactNode;
}

/**
 * A small map in a dialog: the user's base provider under the dialog's own layers. Without tiles (offline) the
 * plain background stays and the layers still draw, with a quiet note saying why the streets are missing.
 */
export function EvidenceMap({ center, testId, children }: EvidenceMapProps) {
  const { t, i18n } = useTranslation('safety');
  const provider = providerOf(useSettings((s) => s.mapType));
  const [tiles, setTiles] = useState<TileStatus>('loading');
  const onStatus = useCallback((s: TileStatus) => setTiles(s), []);
  if (!center) return <div className="hw-evidence-empty">{t('safety.alarm.noPosition')}</div>;
  return (
    <div className="hw-evidence-map" data-testid={testId}>
      <MapProvider
        datum={provider.datum}
        center={[center[0], center[1]]}
        zoom={ZOOM}
        labels={{
          name: t('safety.map.name'),
          zoomIn: t('safety.map.zoomIn'),
          zoomOut: t('safety.map.zoomOut'),
        }}
      >
        <BaseTileLayer provider={provider} language={i18n.language} attempt={0} onStatus={onStatus} />
        {children}
      </MapProvider>
      {tiles === 'failed' && (
        <div className="hw-map-notice" role="status">
          <CloudOutlined />
          <span>{t('safety.map.tilesUnavailable')}</span>
        </div>
      )}
    </div>
  );
}
