import WebGLVectorLayer from 'ol/layer/WebGLVector';
import type { VehicleFeatures } from '../vehicle-features';
import { ICON_SIZE, vehicleSprite } from '../vehicle-sprite';
import { AZIMUTH_STEPS, COLOURS } from '../vehicle-style';

/** With clustering on, single icons take over from clusters at this zoom. */
export const CLUSTER_UNTIL_ZOOM = 15;

/**
 * The WebGL layer of every vehicle (no React, so the browser benchmark builds the same layer): positions go
 * to the GPU as one buffer, and the icon cell (colour column, heading row) is picked from the sprite in the
 * shader, so a recolour or a turn costs no texture work.
 */
export function createVehicleLayer(features: VehicleFeatures, clustered: boolean): WebGLVectorLayer {
  return new WebGLVectorLayer({
    source: features.source,
    zIndex: 40,
    // minZoom is exclusive: icons from CLUSTER_UNTIL_ZOOM on when clusters cover the zooms below.
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
}
