import { CloudOutlined } from '@ant-design/icons';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BaseTileLayer, MapProvider, providerOf, type TileStatus } from '../../map';
import { useSettings } from '../../shell/settings/use-settings';

interface TrackMapFrameProps {
  /** WGS-84 lng/lat and zoom the map opens on (later moves are the children's). */
  center: readonly [number, number];
  zoom: number;
  children?: ReactNode;
}

/**
 * The map of the playback screen, the map-replay and the trace windows: the user's base provider under the
 * feature's layers. Without tiles (offline) the plain background stays, everything else still draws, and a quiet
 * notice says why the streets are missing.
 */
export function TrackMapFrame({ center, zoom, children }: TrackMapFrameProps) {
  const { t, i18n } = useTranslation('tracks');
  const provider = providerOf(useSettings((s) => s.mapType));
  const [tiles, setTiles] = useState<TileStatus>('loading');
  const onStatus = useCallback((s: TileStatus) => setTiles(s), []);
  return (
    <div className="hw-track-map" data-testid="track-map">
      <MapProvider
        datum={provider.datum}
        center={[center[0], center[1]]}
        zoom={zoom}
        labels={{ name: t('tracks.map.name'), zoomIn: t('tracks.map.zoomIn'), zoomOut: t('tracks.map.zoomOut') }}
      >
        <BaseTileLayer provider={provider} language={i18n.language} attempt={0} onStatus={onStatus} />
        {children}
      </MapProvider>
      {tiles === 'failed' && (
        <div className="hw-map-notice" role="status">
          <CloudOutlined />
          <span>{t('tracks.map.tilesUnavailable')}</span>
        </div>
      )}
    </div>
  );
}
