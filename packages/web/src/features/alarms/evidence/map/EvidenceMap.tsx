import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TiledMap } from '../../../../map';

/** Spec section 9: following one vehicle opens at zoom 16 or closer. */
const ZOOM = 16;

interface EvidenceMapProps {
  /** WGS-84 lng/lat the map opens on; null (no position to show) puts a note in the map's place. */
  center: readonly [number, number] | null;
  testId: string;
  children?: ReactNode;
}

/** A small map in an alarm dialog under the dialog's own layers. */
export function EvidenceMap({ center, testId, children }: EvidenceMapProps) {
  const { t } = useTranslation('safety');
  if (!center) return <div className="hw-evidence-empty">{t('safety.alarm.noPosition')}</div>;
  const labels = {
    name: t('safety.map.name'),
    zoomIn: t('safety.map.zoomIn'),
    zoomOut: t('safety.map.zoomOut'),
    tilesUnavailable: t('safety.map.tilesUnavailable'),
  };
  return (
    <TiledMap center={center} zoom={ZOOM} labels={labels} className="hw-evidence-map" testId={testId}>
      {children}
    </TiledMap>
  );
}
