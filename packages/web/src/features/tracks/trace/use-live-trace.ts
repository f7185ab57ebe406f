import type { RealData, VehicleLiveResult } from '@headway/server/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { http } from '../../../api/client';
import { useWatchedVehicles } from '../../../live/use-live';
import type { WindowVehicle } from '../../../windows/window-kinds';
import { type TraceState, type TraceStatus, withFixes } from '../../alarms/evidence/vehicle-trace';

// The trace window's live vehicle: its newest position once from the map's full refresh (GET /basic/cars/real),
// then every fix the live channel's watch on it delivers (live/client.ts watchVehicles), the trail growing with
// them. The trail rules (newer fixes only, a cap for windows left open for hours) are the SOS trace's.

export function useLiveTrace(vehicle: WindowVehicle) {
  const [state, setState] = useState<TraceState>({ trace: [], current: null, updatedAt: 0 });
  const add = useCallback((fixes: readonly RealData[]) => {
    const at = Date.now();
    setState((s) => withFixes(s, fixes, at));
  }, []);
  const rest = useQuery({
    queryKey: ['tracks', 'trace-start', vehicle.car_id],
    queryFn: async () => {
      const result = await http.get<VehicleLiveResult>('/basic/cars/real', undefined, { silent: true });
      return result.rows.find((r) => r.car_id === vehicle.car_id)?.real_data ?? null;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const fix = rest.data;
  useEffect(() => {
    if (fix) add([fix]);
  }, [fix, add]);
  // `imei` is real_data's key for the vehicle (the terminal phone for a device without one).
  const channel = useWatchedVehicles([vehicle.imei], add);
  const status: TraceStatus = channel === 'offline' ? 'unavailable' : state.current ? 'live' : 'waiting';
  return { ...state, status, loading: rest.isLoading };
}
