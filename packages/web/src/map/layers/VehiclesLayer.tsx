import { useEffect } from 'react';
import { useMap } from '../MapProvider';
import type { VehicleFeatures } from '../vehicle-features';
import { createVehicleLayer } from './vehicle-layer';

/** Every vehicle in ONE WebGL layer; labels and clusters are separate light layers. */
export function VehiclesLayer({ features, clustered }: { features: VehicleFeatures; clustered: boolean }) {
  const { map } = useMap();
  useEffect(() => {
    const layer = createVehicleLayer(features, clustered);
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
      layer.dispose();
    };
  }, [map, features, clustered]);
  return null;
}
