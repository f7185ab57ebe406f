import WebGLVectorLayer from 'ol/layer/WebGLVector';
import { useEffect } from 'react';
import { nextLayerId, useMap } from '../MapProvider';
import type { VehicleFeatures } from '../vehicle-features';
import { ICON_SIZE, vehicleSprite } from '../vehicle-sprite';
import { AZIMUTH_STEPS, COLOURS } from '../vehicle-style';

/** With clustering on, single icons take over from clusters at this zoom. */
export const CLUSTER_UNTIL_ZOOM = 15;

/**
 * Every vehicle in ONE WebGL layer: positions go to the GPU as one buffer, and the icon (colour column,
 * heading row) is picked from the sprite in the shader. Labels and clusters are separate light layers.
 */
export function VehiclesLayer({ features, clustered }: { features: VehicleFeatures; clustered: boolean }) {
  const { map } = useMap();
  useEffect(() => {
    const layer = new WebGLVectorLayer({
      source: features.source,
      zIndex: 40,
      ...(clustered ? { minZoom: CLUSTER_UNTIL_ZOOM - 1e-6 } : {}),
      disableHitDetection: true,
      style: {
        'icon-src': vehicleSprite(),
        'icon-width': ICON_SIZE * COLOURS.length,
        'icon-height': ICON_SIZE * AZIMUTH_STEPS,
        'icon-size': [ICON_SIZE, ICON_SIZE],
        'icon-offset': ['array', ['*', ['get', 'col'], ICON_SIZE], ['*', ['get', 'row'], ICON_SIZE]],
        // Spec section 9: icons 32x32 anchored bottom-centre.
        'icon-anchor': [0.5, 1],
      },
    });
    layer.set('hwLayer', nextLayerId('vehicles'));
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
      layer.dispose();
    };
  }, [map, features, clustered]);
  return null;
}
