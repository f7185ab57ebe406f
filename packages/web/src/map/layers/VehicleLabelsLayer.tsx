import { useEffect } from 'react';
import { useMap } from '../MapProvider';
import type { VehicleFeatures } from '../vehicle-features';
import { attachVehicleLabels } from './vehicle-labels';

/** Car names of the vehicles in view from LABEL_ZOOM, and the selected one at any zoom (vehicle-labels.ts). */
export function VehicleLabelsLayer({ features, selected }: { features: VehicleFeatures; selected: string | null }) {
  const { map } = useMap();
  useEffect(() => attachVehicleLabels(map, features, selected), [map, features, selected]);
  return null;
}
