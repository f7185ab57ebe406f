import { CloudOutlined } from '@ant-design/icons';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../shell/settings/use-settings';
import { BaseTileLayer, type TileStatus } from './layers/BaseTileLayer';
import { MapProvider } from './MapProvider';
import { providerOf } from './providers';

export interface TiledMapLabels {
  name: string;
  zoomIn: string;
  zoomOut: string;
  tilesUnavailable: string;
}

interface TiledMapProps {
  /** WGS-84 lng/lat and zoom the map opens on (later moves are the children's). */
  center: readonly [number, number];
  zoom: number;
  /** In the caller's namespace: the feature's own wording. */
  labels: TiledMapLabels;
  className: string;
  testId: string;
  children?: ReactNode;
}

/**
 * A map in a dialog or a screen: the user's base provider under the caller's layers. Without tiles (offline) the
 * plain background stays, the layers still draw, and a quiet notice says why the streets are missing.
 */
export function TiledMap({ center, zoom, labels, className, testId, children }: TiledMapProps) {
  const { i18n } = useTranslation();
  const provider = providerOf(useSettings((s) => s.mapType));
  const [tiles, setTiles] = useState<TileStatus>('loading');
  const onStatus = useCallback((s: TileStatus) => setTiles(s), []);
  return (
    <div className={className} data-testid={testId}>
      <MapProvider datum={provider.datum} center={[center[0], center[1]]} zoom={zoom} labels={labels}>
        <BaseTileLayer provider={provider} language={i18n.language} attempt={0} onStatus={onStatus} />
        {children}
      </MapProvider>
      {tiles === 'failed' && (
        <div className="hw-map-notice" role="status">
          <CloudOutlined />
          <span>{labels.tilesUnavailable}</span>
        </div>
      )}
    </div>
  );
}
