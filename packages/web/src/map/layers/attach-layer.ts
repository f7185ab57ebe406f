import type VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';

/**
 * Shows `layer` on `map` and returns the effect cleanup that takes it off again and frees its source, so a layer
 * component remounted with new data, or mounted twice, leaves nothing behind.
 */
export function attachLayer(map: OlMap, layer: VectorLayer): () => void {
  map.addLayer(layer);
  return () => {
    map.removeLayer(layer);
    layer.getSource()?.dispose();
  };
}
