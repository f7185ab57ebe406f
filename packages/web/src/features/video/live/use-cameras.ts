import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { videoApi } from '../api';
import { type Camera, parseCameras } from '../channels';

/** The vehicle's camera channels from its record's `channel` list (GET /basic/cars/info). */
export function useCameras(imei: string | null): { cameras: Camera[]; loading: boolean; failed: boolean } {
  const info = useQuery({
    queryKey: ['video', 'car-info', imei],
    queryFn: () => videoApi.carInfo(imei ?? ''),
    enabled: imei !== null && imei !== '',
    staleTime: 60_000,
  });
  const channel = info.data?.channel;
  const cameras = useMemo(() => parseCameras(channel), [channel]);
  return { cameras, loading: info.isLoading, failed: info.isError };
}
