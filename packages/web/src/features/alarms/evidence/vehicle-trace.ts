import type { AlarmBody, RealData, VehicleLiveResult } from '@headway/server/contract';
import { hasPermission } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http } from '../../../api/client';
import { MAP_SCREEN, useScreenMask } from '../access';

// The SOS modal's live trace: where the vehicle has gone since the dialog opened. Positions come from the full
// live refresh (GET /basic/cars/real, the monitoring map's, so only for a user who may see the map) every few
// seconds while the dialog is open. The live worker keeps positions only for the map screen's fleet, so it has
// none to give a dialog opened elsewhere.

/** How often the vehicle's position is read while an SOS dialog is open. */
export const TRACE_REFRESH_MS = 5_000;
/** A dialog left open for hours keeps the newest points only. */
export const TRACE_MAX_POINTS = 5_000;

export interface TracePoint {
  lng: number;
  lat: number;
  /** Event time, epoch seconds. */
  time: number;
}

/** The trace with `point` added, unchanged (same array) for a repeated or position-less report. */
export function appendTrace(trace: readonly TracePoint[], point: TracePoint): readonly TracePoint[] {
  if (!Number.isFinite(point.lng) || !Number.isFinite(point.lat) || (point.lng === 0 && point.lat === 0)) return trace;
  const last = trace[trace.length - 1];
  if (last && (point.time <= last.time || (last.lng === point.lng && last.lat === point.lat))) return trace;
  const next = [...trace, point];
  return next.length > TRACE_MAX_POINTS ? next.slice(next.length - TRACE_MAX_POINTS) : next;
}

export type TraceStatus = 'waiting' | 'live' | 'unavailable';

function vehicleOf(result: VehicleLiveResult, alarm: Pick<AlarmBody, 'car_id' | 'imei'>): RealData | null {
  const row = result.rows.find((r) => (alarm.car_id !== null ? r.car_id === alarm.car_id : r.imei === alarm.imei));
  return row?.real_data ?? null;
}

export function useVehicleTrace(alarm: Pick<AlarmBody, 'id' | 'car_id' | 'imei'>) {
  const [trace, setTrace] = useState<readonly TracePoint[]>([]);
  const mayRead = hasPermission(useScreenMask(MAP_SCREEN), 'view');
  const live = useQuery({
    queryKey: ['alarm-sos-trace', alarm.id],
    queryFn: async () =>
      vehicleOf(await http.get<VehicleLiveResult>('/basic/cars/real', undefined, { silent: true }), alarm),
    enabled: mayRead,
    refetchInterval: TRACE_REFRESH_MS,
    refetchIntervalInBackground: true,
    gcTime: 0,
    retry: false,
  });
  const data = live.data;
  useEffect(() => {
    if (data) setTrace((t) => appendTrace(t, { lng: data.lng, lat: data.lat, time: data.et }));
  }, [data]);
  const status: TraceStatus =
    trace.length > 0 ? 'live' : !mayRead || live.isError || live.data === null ? 'unavailable' : 'waiting';
  return { trace, current: data ?? null, status, updatedAt: live.dataUpdatedAt };
}
