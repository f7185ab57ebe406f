import { useEffect } from 'react';
import { useMap } from '../MapProvider';
import type { VehicleFeatures } from '../vehicle-features';
import { attachVehicleClusters } from './vehicle-clusters';

/** Screen-space grid clusters of the vehicles below CLUSTER_UNTIL_ZOOM (vehicle-clusters.ts). */
export function ClusterLayer({ features }: { features: VehicleFeatures }) {
  const { map } = useMap();
  useEffect(() => attachVehicleClusters(map, features), [map, features]);
  return null;
}
