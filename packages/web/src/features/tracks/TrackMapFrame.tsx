import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TiledMap } from '../../map';
import { RegionsLayer, RegionsLegend, useRegionsVisible } from '../regions/layer';

interface TrackMapFrameProps {
  /** WGS-84 lng/lat and zoom the map opens on (later moves are the children's). */
  center: readonly [number, number];
  zoom: number;
  children?: ReactNode;
}

/**
 * The map of the playback screen, the map-replay and the trace windows, under the feature's layers; the regions
 * under everything when the user has them on (their toggle is in each screen's toolbar).
 */
export function TrackMapFrame({ center, zoom, children }: TrackMapFrameProps) {
  const { t } = useTranslation('tracks');
  const [regionsVisible] = useRegionsVisible();
  const labels = {
    name: t('tracks.map.name'),
    zoomIn: t('tracks.map.zoomIn'),
    zoomOut: t('tracks.map.zoomOut'),
    tilesUnavailable: t('tracks.map.tilesUnavailable'),
  };
  return (
    <TiledMap center={center} zoom={zoom} labels={labels} className="hw-track-map" testId="track-map">
      {regionsVisible && <RegionsLayer />}
      {children}
      {regionsVisible && <RegionsLegend className="hw-track-map__legend" />}
    </TiledMap>
  );
}
