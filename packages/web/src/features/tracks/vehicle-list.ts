import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { trackApi } from './api';
import type { VehicleChoice } from './search/vehicle-choices';

/** The company's vehicles as selector choices ("name (plate)"), sorted by name; and its lines. */
export function useTrackLists() {
  const vehicles = useQuery({
    queryKey: ['tracks', 'vehicles'],
    queryFn: trackApi.vehicles,
    staleTime: 5 * 60_000,
  });
  const lines = useQuery({ queryKey: ['tracks', 'lines'], queryFn: trackApi.lines, staleTime: 10 * 60_000 });
  const choices = useMemo<VehicleChoice[]>(
    () =>
      (vehicles.data?.rows ?? [])
        .map((v) => ({
          value: v.car_id,
          label: v.lpn && v.lpn !== v.car_name ? `${v.car_name} (${v.lpn})` : v.car_name,
          routeCode: v.route_code,
          imei: v.imei,
        }))
        .sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true })),
    [vehicles.data],
  );
  return { vehicles: choices, lines: lines.data ?? [] };
}
