import TileLayer from 'ol/layer/Tile';
import { useEffect } from 'react';
import { useMap } from '../MapProvider';
import type { BaseProvider } from '../providers';

export type TileStatus = 'loading' | 'ok' | 'failed';

export interface BaseTileLayerProps {
  provider: BaseProvider;
  language: string;
  /** Bumped by the retry button: rebuilds the source so failed tiles are requested again. */
  attempt: number;
  onStatus: (status: TileStatus) => void;
}

/**
 * The provider's tiles under everything else. Loads are watched: when tiles fail and none has loaded
 * (offline, blocked provider) the screen shows its quiet notice; one good tile clears it.
 */
export function BaseTileLayer({ provider, language, attempt, onStatus }: BaseTileLayerProps) {
  const { map } = useMap();
  // `attempt` is a dependency on purpose: a new attempt rebuilds the source (retry).
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt triggers the rebuild
  useEffect(() => {
    const source = provider.createSource(language);
    const layer = new TileLayer({ source, zIndex: 0, preload: 0 });
    let loaded = 0;
    let failed = 0;
    onStatus('loading');
    const onLoad = () => {
      loaded += 1;
      if (loaded === 1) onStatus('ok');
    };
    const onError = () => {
      failed += 1;
      if (loaded === 0 && failed === 1) onStatus('failed');
    };
    source.on('tileloadend', onLoad);
    source.on('tileloaderror', onError);
    map.getLayers().insertAt(0, layer);
    return () => {
      source.un('tileloadend', onLoad);
      source.un('tileloaderror', onError);
      map.removeLayer(layer);
      source.dispose();
    };
  }, [map, provider, language, attempt, onStatus]);
  return null;
}
